#!/usr/bin/env node
// The ceiling of the API benchmark: a bare Fastify route answering, from memory, the
// exact bytes and headers the real GET /api/product/list answered. Run as its own process, like
// the real server, so both compete with the load generator the same way.
//   node scripts/bench-ceiling.mjs <body-file> <content-type> [content-encoding]  → prints "ready <port>"
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, type, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.get('/ceiling', (_req, reply) => {
  reply.type(type);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
