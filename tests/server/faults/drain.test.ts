/**
 * Behind a load balancer an instance leaves in two steps on SIGTERM: for SHUTDOWN_DRAIN_MS it keeps
 * serving while /readyz answers 503 (the balancer's health checks take it out of rotation), then it
 * stops accepting and exits cleanly.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { http, removeDir, spawnServer, stopServer, type SpawnedServer } from './fault-helpers';

describe('graceful drain on SIGTERM', () => {
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await stopServer(server);
    removeDir(server?.dataDir);
  });

  it('fails readiness first and keeps serving for the drain period, then exits 0', async () => {
    server = await spawnServer({ env: { SHUTDOWN_DRAIN_MS: '2500' } });
    expect((await http(server.url, 'GET', '/readyz')).status).toBe(200);
    server.kill('SIGTERM');
    let ready = await http(server.url, 'GET', '/readyz');
    for (let i = 0; i < 20 && ready.status === 200; i++) ready = await http(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ success: false, message: 'draining' });
    // Still serving what arrives while the balancer catches up.
    expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
    expect((await http(server.url, 'GET', '/api/product/list')).status).toBe(200);
    expect(await server.exited).toBe(0);
  }, 60_000);
});
