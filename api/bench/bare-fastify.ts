/**
 * The baseline of `npm run bench:catalog`: a bare Fastify (no plugins, no hooks, no logger)
 * answering one GET route with the JSON it is given, serialized per request as any plain route
 * would. Run as its own process, like the API, so both sides pay the same process costs.
 * Usage: node --import tsx api/bench/bare-fastify.ts <json-file>; prints "listening <port>".
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: bare-fastify.ts <json-file>');
const payloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

const app = Fastify();
for (const [route, body] of Object.entries(payloads)) app.get(route, async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
console.info(`listening ${port}`);
