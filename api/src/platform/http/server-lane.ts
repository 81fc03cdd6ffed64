/**
 * An HTTP server for Fastify (its `serverFactory`) with one lane in front: a function that may
 * answer a request itself before the framework sees it. The server gets the same timeouts
 * Fastify gives the server it builds itself (fastify/lib/server.js), so nothing else changes.
 * Used for the CDN edge's token checks (decision 368); a lane that returns false hands the
 * request to Fastify untouched.
 */
import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

export type Lane = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/** Fastify's own server settings, as it passes them to a server factory. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export function serverWithLane(lane: Lane): FastifyServerFactory {
  return (handler, options) => {
    const settings = options as ServerSettings;
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!lane(request, response)) handler(request, response);
    });
    if (settings.keepAliveTimeout !== undefined)
      server.keepAliveTimeout = settings.keepAliveTimeout;
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket && settings.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
}
