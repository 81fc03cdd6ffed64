/**
 * The last 10 minutes of each channel's ingest health (issue 33 §2, decision 448), in the memory
 * of the API that runs the ingest server: the ingest reports every 2 s (channel-health.ts), and
 * each report is kept with the channel's viewers at that moment. A restart starts the history
 * again; only the replica running the ingest has one (docs/streams.md "Ingest health").
 */
import type { ChannelHealth, IngestHealthSample } from '@crease/contract';
import type { ChannelReport } from './server/channel-health';

export const HISTORY_MS = 10 * 60 * 1000;

interface Book {
  samples: IngestHealthSample[];
  last: ChannelReport;
}

export class HealthBook {
  private readonly channels = new Map<string, Book>();

  record(report: ChannelReport, viewers: number): void {
    const { feed } = report;
    const sample: IngestHealthSample = {
      at: new Date(report.atMs).toISOString(),
      inputKbps: feed?.inputKbps ?? null,
      frameRate: feed?.frameRate ?? null,
      keyframeSeconds: feed?.keyframeSeconds ?? null,
      droppedFrames: feed?.droppedFrames ?? null,
      lastPartAgeMs: report.lastPartAgeMs,
      onAir: report.onAir,
      viewers,
    };
    const book = this.channels.get(report.channelId) ?? { samples: [], last: report };
    book.last = report;
    book.samples.push(sample);
    // Kept by the ingest's own times: the oldest beyond 10 minutes of the newest go.
    const oldest = report.atMs - HISTORY_MS;
    while (book.samples.length && Date.parse(book.samples[0]!.at) < oldest) book.samples.shift();
    this.channels.set(report.channelId, book);
  }

  read(channelId: string): ChannelHealth {
    const book = this.channels.get(channelId);
    return {
      channelId,
      connected: book?.last.connected ?? false,
      slateHeld: book?.last.slateHeld ?? false,
      onAir: book?.last.onAir ?? 'none',
      samples: book ? [...book.samples] : [],
    };
  }
}
