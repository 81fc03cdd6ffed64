// node-media-server 4 ships no types (@types/node-media-server describes version 2); this is the
// part the embedded ingest server uses (api/src/ingest/server/rtmp-server.ts).
declare module 'node-media-server' {
  import type { Server, Socket } from 'node:net';
  export interface NmsSession {
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    socket?: Socket;
    /** From the publisher's onMetaData (0 until it comes); the publish guard reads them. */
    videoCodec: number;
    videoWidth: number;
    videoHeight: number;
    /** Bytes received on the connection so far. */
    inBytes: number;
    /** The RTMP parser; the ingest's feed meter listens to its parsed packets (decision 448). */
    rtmp?: {
      onPacketCallback: (packet: { codec_type: number; flags: number; dts: number }) => void;
    };
    close(): void;
  }
  export interface NmsConfig {
    bind?: string;
    rtmp?: {
      port: number;
      chunk_size?: number;
      gop_cache?: boolean;
      ping?: number;
      ping_timeout?: number;
    };
    store?: { path?: string };
    webadmin?: { enable?: boolean };
  }
  type NmsEvent =
    'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay';
  export default class NodeMediaServer {
    constructor(config: NmsConfig);
    on(event: NmsEvent, listener: (session: NmsSession) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
    /** Its RTMP listener (set by run): the ingest server watches each raw connection. */
    rtmpServer?: { tcpServer?: Server };
  }
}
declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}
