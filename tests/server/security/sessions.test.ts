/**
 * A logout ends that session on the server, and every way a session ends
 * (logout, password reset, change of role, `app.endSessions`) also disconnects its sockets, which
 * leave their rooms — on every instance.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../server/lib/auth';
import { conversationRoom, STAFF_ROOM } from '../../../server/realtime/socketServer';
import { MESSAGES } from '../../../server/routes/user';
import { conversationOf, join, makeStaff, next, openSocket, redisReachable, useSocketApp, withTwoInstances, type TestSocket } from '../chat-helpers';

const ctx = useSocketApp();
const { socketFor } = ctx;

let seq = 0;
const freshIp = () => `10.17.${Math.floor(++seq / 200)}.${(seq % 200) + 1}`;

/** A shopper registered through the API, then logged in again: two sessions (two devices). */
async function shopperWithTwoDevices(a: FastifyInstance = ctx.app) {
  const email = `devices.${Date.now().toString(36)}.${++seq}@example.com`;
  const password = 'two devices pass';
  const reg = await a.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Dee', email, password }, remoteAddress: freshIp() });
  expect(reg.statusCode, reg.body).toBe(200);
  const login = await a.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: freshIp() });
  expect(login.statusCode, login.body).toBe(200);
  const phone = reg.json().token as string;
  const laptop = login.json().token as string;
  const { userId } = await a.sessionTokens.verify(phone);
  return { email, password, userId, phone, laptop };
}

function disconnectReason(s: TestSocket): Promise<string> {
  return new Promise((resolve) => s.once('disconnect', (reason) => resolve(reason)));
}

const logout = (a: FastifyInstance, token: string) => a.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
const get = (a: FastifyInstance, path: string, token: string) => a.inject({ method: 'GET', url: path, headers: { token } });

describe('POST /api/user/logout', () => {
  it('ends that session: its token is refused everywhere, the other device stays logged in', async () => {
    const d = await shopperWithTwoDevices();
    const out = await logout(ctx.app, d.phone);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: MESSAGES.loggedOut });

    const refused = { success: false, message: AUTH_MESSAGES.loggedOut };
    const calls: [string, string][] = [
      ['GET', '/api/user/info'],
      ['POST', '/api/cart/get'],
      ['POST', '/api/wishlist/list'],
      ['POST', '/api/order/userorders'],
      ['GET', '/api/conversations/general'],
    ];
    for (const [method, path] of calls) {
      const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url: path, headers: { token: d.phone } });
      expect(res.statusCode, path).toBe(401);
      expect(res.json(), path).toEqual(refused);
    }
    expect((await logout(ctx.app, d.phone)).json()).toEqual(refused);
    await expect(openSocket(ctx.url, d.phone)).rejects.toThrow(AUTH_MESSAGES.loggedOut);

    expect((await get(ctx.app, '/api/user/info', d.laptop)).statusCode).toBe(200);
    expect((await socketFor(ctx.url, d.laptop)).connected).toBe(true);
  });

  it('needs a valid session token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.missing });
  });

  it("disconnects only that session's sockets, and they leave their rooms", async () => {
    const d = await shopperWithTwoDevices();
    const conv = await conversationOf(ctx.app, d.laptop);
    const phoneSocket = await socketFor(ctx.url, d.phone);
    const laptopSocket = await socketFor(ctx.url, d.laptop);
    expect(await join(phoneSocket, conv._id)).toEqual({ ok: true });
    expect(await join(laptopSocket, conv._id)).toEqual({ ok: true });
    const phoneId = phoneSocket.id;

    const phoneGone = disconnectReason(phoneSocket);
    expect((await logout(ctx.app, d.phone)).statusCode).toBe(200);
    expect(await phoneGone).toBe('io server disconnect');

    const inRoom = (await ctx.app.realtime.io.in(conversationRoom(conv._id)).fetchSockets()).map((s) => s.id);
    expect(inRoom).not.toContain(phoneId);
    expect(inRoom).toContain(laptopSocket.id);
    const staff = await makeStaff(ctx.app);
    const got = next(laptopSocket, 'newMessage');
    await ctx.app.inject({ method: 'POST', url: '/api/staff/reply', payload: { email: d.email, text: 'still here?' }, headers: { token: staff.token } });
    expect(await got).toMatchObject({ body: 'still here?' });
    expect(laptopSocket.connected).toBe(true);
  });
});

describe('other ways a session ends disconnect its sockets too', () => {
  it('a password reset ends every session of the account and disconnects all its sockets', async () => {
    const d = await shopperWithTwoDevices();
    const a = await socketFor(ctx.url, d.phone);
    const b = await socketFor(ctx.url, d.laptop);
    const gone = Promise.all([disconnectReason(a), disconnectReason(b)]);
    const resetToken = randomUUID().replaceAll('-', '').padEnd(43, 'x');
    await ctx.app.users.createReset(d.userId, resetToken, new Date(Date.now() + 60_000));
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/user/reset-password/${resetToken}`, payload: { newPassword: 'a new password' }, remoteAddress: freshIp() });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    for (const token of [d.phone, d.laptop]) expect((await get(ctx.app, '/api/user/info', token)).json()).toEqual({ success: false, message: AUTH_MESSAGES.revoked });
  });

  it('a change of role ends the sessions: a demoted staff socket leaves the staff room', async () => {
    const staff = await makeStaff(ctx.app);
    const s = await socketFor(ctx.url, staff.token);
    await expect.poll(async () => (await ctx.app.realtime.io.in(STAFF_ROOM).fetchSockets()).map((x) => x.id)).toContain(s.id);
    const staffSocketId = s.id;
    const gone = disconnectReason(s);
    await ctx.app.users.update(staff.id, { role: 'shopper' });
    expect(await gone).toBe('io server disconnect');
    expect((await ctx.app.realtime.io.in(STAFF_ROOM).fetchSockets()).map((x) => x.id)).not.toContain(staffSocketId);
    expect((await get(ctx.app, '/api/user/info', staff.token)).json()).toEqual({ success: false, message: AUTH_MESSAGES.roleChanged });
  });

  it('setting the same role again ends nothing', async () => {
    const staff = await makeStaff(ctx.app);
    await ctx.app.users.update(staff.id, { role: 'staff' });
    expect((await get(ctx.app, '/api/user/info', staff.token)).statusCode).toBe(200);
  });

  it('app.endSessions ends every session of a user (what the staff console calls to disable an account)', async () => {
    const d = await shopperWithTwoDevices();
    const other = await shopperWithTwoDevices();
    const a = await socketFor(ctx.url, d.phone);
    const bystander = await socketFor(ctx.url, other.phone);
    const gone = disconnectReason(a);
    await ctx.app.endSessions(d.userId);
    expect(await gone).toBe('io server disconnect');
    for (const token of [d.phone, d.laptop]) expect((await get(ctx.app, '/api/user/info', token)).json()).toEqual({ success: false, message: AUTH_MESSAGES.ended });
    expect(bystander.connected).toBe(true);
    expect((await get(ctx.app, '/api/user/info', other.laptop)).statusCode).toBe(200);
    // The account itself still works: a new login opens a new session.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: d.email, password: d.password }, remoteAddress: freshIp() });
    expect((await get(ctx.app, '/api/user/info', again.json().token)).statusCode).toBe(200);
  });
});

describe('several instances behind Redis', async () => {
  const up = await redisReachable();

  it.skipIf(!up)('a logout on one instance disconnects the socket the session holds on another', async () => {
    await withTwoInstances(ctx.t, async ({ one, urlTwo }) => {
      const d = await shopperWithTwoDevices(one);
      const onTwo = await socketFor(urlTwo, d.phone);
      const laptopOnTwo = await socketFor(urlTwo, d.laptop);
      const conv = await conversationOf(one, d.laptop);
      const gone = disconnectReason(onTwo);
      expect((await logout(one, d.phone)).statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      // The other session's socket on that instance is still served.
      expect(await join(laptopOnTwo, conv._id)).toEqual({ ok: true });
    });
  });
});
