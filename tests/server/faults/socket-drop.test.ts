/**
 * Fault: the chat socket's connection drops and comes back (the test's proxy between client and
 * server is cut, then restored). A client configured as SPEC §9 says (reconnect after 1 s, up to
 * 5 s, randomisation 0.5, unlimited attempts) reconnects with back-off, joins its conversation
 * again and re-fetches the thread; merged by _id (SPEC §4), every staff message sent during the
 * outage is there exactly once, and live delivery resumes.
 */
import net from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ConversationResponse, Message, ServerToClientEvents } from '../../../src/domain/types';
import { makeShopper } from '../checkout-helpers';
import { makeStaff } from '../chat-helpers';
import { buildTestApp, type TestApp } from '../helpers';
import { TcpProxy } from './fault-helpers';

let t: TestApp;
let serverUrl: string;
let proxy: TcpProxy;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as net.AddressInfo).port;
  serverUrl = `http://127.0.0.1:${port}`;
  proxy = await TcpProxy.start({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

describe('chat socket dropped and restored', () => {
  it('reconnects with back-off, re-joins, re-fetches: no message lost or duplicated', async () => {
    const shopper = await makeShopper(t.app, 'Sam');
    const staff = await makeStaff(t.app);
    const via = `http://127.0.0.1:${proxy.port}`;
    const fetchThread = async () => (await (await fetch(`${via}/api/conversations/general`, { headers: { token: shopper.token } })).json()) as ConversationResponse;
    const conversationId = (await fetchThread()).conversation._id;

    // The client's state: messages by _id, merged from live events and re-fetches.
    const messages = new Map<string, Message>();
    const merge = (m: Message) => {
      if (!messages.has(m._id)) messages.set(m._id, m);
    };
    const live: string[] = [];
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(via, {
      path: '/socket.io',
      auth: { token: shopper.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    const attempts: number[] = [];
    socket.io.on('reconnect_attempt', () => attempts.push(Date.now()));
    let connects = 0;
    socket.on('newMessage', (m) => {
      live.push(m._id);
      merge(m);
    });
    const joinedAndFetched = () =>
      new Promise<void>((resolve) =>
        socket.once('connect', () => {
          connects += 1;
          socket.emit('join', conversationId, async () => {
            for (const m of (await fetchThread()).messages) merge(m);
            resolve();
          });
        }),
      );
    await joinedAndFetched();

    const staffSay = async (text: string) => {
      const res = await fetch(`${serverUrl}/api/messages`, { method: 'POST', headers: { token: staff.token, 'content-type': 'application/json' }, body: JSON.stringify({ conversationId, body: text }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { message: Message }).message._id;
    };
    const sent = [await staffSay('before 1'), await staffSay('before 2')];
    await expect.poll(() => live.length, { timeout: 5000 }).toBe(2);

    const dropped = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
    const cutAt = Date.now();
    await proxy.cut('refuse');
    expect(await dropped).toBe('transport close');
    for (const text of ['during 1', 'during 2', 'during 3']) sent.push(await staffSay(text));
    await expect.poll(() => attempts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    const back = joinedAndFetched();
    await proxy.restore();
    await back;
    sent.push(await staffSay('after 1'));
    await expect.poll(() => messages.size, { timeout: 5000 }).toBe(sent.length);

    // Back-off: the first retry waits at least 1 s × (1 − 0.5); later ones are spaced too.
    expect(attempts[0]! - cutAt).toBeGreaterThanOrEqual(450);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(450);
    expect(connects).toBe(2);
    expect([...messages.keys()].sort()).toEqual([...sent].sort());
    expect(new Set(live).size).toBe(live.length); // the server never sent one twice
    socket.close();
  }, 60_000);
});
