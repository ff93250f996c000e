/**
 * Something that is not Redis at REDIS_URL: an HTTP server, say, answers the
 * client's commands with bytes that are no Redis reply ("Unknown RESP type"). The server must start
 * degraded, as with an unreachable Redis, not crash on the parser's error.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, spawnServer, stopServer, removeDir, type SpawnedServer } from './fault-helpers';

let fake: net.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  fake = net.createServer((socket) => {
    connections += 1;
    socket.on('data', () => socket.write('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n'));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  port = (fake.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('REDIS_URL pointing at something that is not Redis', { timeout: 120_000 }, () => {
  it('starts degraded and keeps serving while the client keeps getting garbage', async () => {
    let server: SpawnedServer | undefined;
    try {
      server = await spawnServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' } });
      const seenBefore = connections;
      // Let it reconnect and be answered with garbage several times over.
      await new Promise((r) => setTimeout(r, 4000));
      expect(connections).toBeGreaterThan(seenBefore);
      expect(server.proc.exitCode).toBeNull();
      const ready = await http(server.url, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json).toMatchObject({ redis: 'degraded' });
      const email = `not.redis.${Date.now().toString(36)}@example.com`;
      const reg = await http(server.url, 'POST', '/api/user/register', { name: 'Degraded', email, password: 'a-long-password-1' });
      expect(reg.status, reg.text).toBe(200);
      expect(server.output()).not.toMatch(/Unknown RESP type[^\n]*\n\s+at /);
      expect(server.output()).toContain('Redis is unreachable');
    } finally {
      await stopServer(server);
      removeDir(server?.dataDir);
    }
  });
});
