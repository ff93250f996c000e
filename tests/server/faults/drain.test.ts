/**
 * Behind a load balancer an instance leaves in two steps on SIGTERM: for SHUTDOWN_DRAIN_MS it keeps
 * serving while /readyz answers 503 (the balancer's health checks take it out of rotation), then it
 * stops accepting and exits cleanly.
 */
import { request } from 'node:http';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { http, removeDir, spawnServer, stopServer, type SpawnedServer } from './fault-helpers';

/** A GET over node:http, which shows the Connection header (fetch hides it). */
function get(url: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
}

describe('graceful drain on SIGTERM', () => {
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await stopServer(server);
    removeDir(server?.dataDir);
  });

  it('fails readiness first and keeps serving for the drain period (no new sockets), then exits 0', async () => {
    server = await spawnServer({ env: { SHUTDOWN_DRAIN_MS: '2500' } });
    expect((await http(server.url, 'GET', '/readyz')).status).toBe(200);
    const token = (await http(server.url, 'POST', '/api/user/register', { name: 'Drain', email: 'drain@example.com', password: 'drain-password-123' })).json.token as string;
    expect(token).toBeTruthy();
    server.kill('SIGTERM');
    let ready = await http(server.url, 'GET', '/readyz');
    for (let i = 0; i < 20 && ready.status === 200; i++) ready = await http(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ success: false, message: 'draining' });
    // Still serving what arrives while the balancer catches up, each answer closing its connection:
    // the balancer keeps none idle that the close could cut under a POST it cannot retry.
    expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
    const list = await get(`${server.url}/api/product/list`);
    expect(list.status).toBe(200);
    expect(list.connection).toBe('close');
    // No new socket: one accepted now (say a reconnect the balancer sent down a kept-open connection)
    // would hold the server's close open until the 10 s force exit (exit 1).
    const socket = connectSocket(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
    });
    socket.close();
    expect(outcome).toMatch(/^refused/);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('keeps serving past the drain period while requests still arrive (a balancer slow to notice), then exits 0', async () => {
    await stopServer(server);
    removeDir(server?.dataDir);
    server = await spawnServer({ env: { SHUTDOWN_DRAIN_MS: '1000' } });
    const url = server.url;
    server.kill('SIGTERM');
    const sigterm = Date.now();
    const statuses: number[] = [];
    // Over twice the drain period of traffic (the longest drain is three times it): each one answered.
    while (Date.now() - sigterm < 2200) {
      statuses.push((await get(`${url}/api/product/list`)).status);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await server.exited).toBe(0);
    expect(Date.now() - sigterm).toBeLessThan(10_000);
  }, 60_000);
});
