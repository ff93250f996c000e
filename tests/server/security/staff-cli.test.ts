/**
 * The staff CLI side: it keeps one session in DATA_DIR/staff-session.json
 * (0600) instead of logging in for every command, and it escapes whatever is not printable.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../server/db/schema';
import { SessionTokens } from '../../../server/lib/auth';
import { escapeForTerminal, main, sessionFilePath } from '../../../scripts/staff';
import type { ConversationResponse } from '../../../src/domain/types';
import { makeShopper } from '../checkout-helpers';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
let app: FastifyInstance;
let server: string;
let staffId: string;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  staffId = (await app.users.findStaff())!.id;
});
afterAll(async () => {
  await t?.close();
});

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await main([...args, '--server', server], { DATA_DIR: t.dataDir }, (l) => lines.push(l));
  return { code, text: lines.join('\n') };
}

const staffSessions = () => app.db.select().from(sessions).where(eq(sessions.userId, staffId));
const savedToken = () => (JSON.parse(readFileSync(sessionFilePath({ DATA_DIR: t.dataDir }), 'utf8')) as { token: string }).token;

describe('the staff CLI session', () => {
  it('logs in once and reuses the session from a 0600 file in the data folder', async () => {
    await app.db.delete(sessions).where(eq(sessions.userId, staffId));
    for (let i = 0; i < 4; i++) expect((await run('settings')).code).toBe(0);
    expect(await staffSessions()).toHaveLength(1);
    expect(statSync(sessionFilePath({ DATA_DIR: t.dataDir })).mode & 0o777).toBe(0o600);
    expect((await app.sessionTokens.verify(savedToken())).userId).toBe(staffId);
  });

  it('logs in again when the saved session has ended, or its token has expired', async () => {
    expect((await run('settings')).code).toBe(0);
    const first = savedToken();
    await app.endSessions(staffId);
    expect((await run('list')).code).toBe(0);
    const second = savedToken();
    expect(second).not.toBe(first);
    expect((await app.inject({ url: '/api/user/info', headers: { token: second } })).statusCode).toBe(200);

    // A token past its expiry is not even tried.
    const { sessionId } = await app.sessionTokens.verify(second);
    const expired = await new SessionTokens(t.config.jwtSecret, () => Date.now() - 8 * 24 * 3600 * 1000).issue(staffId, sessionId);
    const file = sessionFilePath({ DATA_DIR: t.dataDir });
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), token: expired }));
    expect((await run('settings')).code).toBe(0);
    expect(savedToken()).not.toBe(expired);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('the staff CLI output', () => {
  it('escapes control and format characters instead of printing them', () => {
    expect(escapeForTerminal('a\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 b')).toBe('a\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07 b');
    expect(escapeForTerminal('\u009b2J\r\u202eevil\u200b')).toBe('\\x9b2J\\x0d\\u202eevil\\u200b');
    expect(escapeForTerminal('line one\n\tline two · café ✓')).toBe('line one\n\tline two · café ✓');
  });

  it('prints names and messages saved before input was checked without letting them drive the terminal', async () => {
    const shopper = await makeShopper(app, 'Eve');
    await app.db.update(users).set({ name: 'Eve\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007' }).where(eq(users.id, shopper.id));
    const conv = ((await app.inject({ url: '/api/conversations/general', headers: { token: shopper.token } })).json() as ConversationResponse).conversation;
    await app.conversations.addMessage({ conversationId: conv._id, senderId: shopper.id, body: 'hi\u001b[1A\u001b[2K\n2026-01-01 00:00 staff: refund approved', isAdmin: false });

    const list = await run('list');
    const thread = await run('thread', '--email', shopper.email);
    const json = await run('thread', '--email', shopper.email, '--json');
    for (const { text } of [list, thread, json]) {
      expect(text).not.toMatch(/(?![\n\t])\p{Cc}/u);
    }
    expect(list.text).toContain('Eve\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07');
    expect(thread.text).toContain('customer: hi\\x1b[1A\\x1b[2K\n    2026-01-01 00:00 staff: refund approved');
  });

});
