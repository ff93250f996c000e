/**
 * Secrets stay out of the logs — reset tokens and payment session ids in request
 * URLs, the generated staff password, and the parameters of failed database queries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { users } from '../../../server/db/schema';
import { staffFilePath } from '../../../server/lib/staffBootstrap';
import { buildTestApp, type TestApp } from '../helpers';

const logged: string[] = [];
let t: TestApp;
const SECRET_EMAIL = 'very.secret.person@example.com';

beforeAll(async () => {
  t = await buildTestApp({
    config: { logLevel: 'info' },
    deps: {
      logStream: { write: (line: string) => void logged.push(line) },
      plugins: [
        async (app) => {
          // A query that fails with a shopper's data among its parameters (a duplicate e-mail).
          app.post('/api/__fail', async () => {
            await app.db.insert(users).values({ id: 'ffffffffffffffffffffff01', name: 'A', email: SECRET_EMAIL, passwordHash: 'x' });
            await app.db.insert(users).values({ id: 'ffffffffffffffffffffff02', name: 'B', email: SECRET_EMAIL, passwordHash: 'x' });
            return { success: true };
          });
        },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('request URLs in the log', () => {
  it('carry no reset token and no payment session id', async () => {
    const token = 'Zk9mQ2xHb3JwVGVzdFRva2VuVGhhdE11c3ROb3RMZWFr';
    const payId = 'cs_test_secretsession0123456789';
    await t.app.inject({ method: 'POST', url: `/api/user/reset-password/${token}`, payload: { newPassword: 'whatever 123' } });
    await t.app.inject({ method: 'GET', url: `/reset-password/${token}` });
    await t.app.inject({ method: 'GET', url: `/pay/${payId}` });
    await t.app.inject({ method: 'GET', url: `/order-placed?session_id=${payId}&x=1` });
    const all = logged.join('');
    expect(all).toContain('/api/user/reset-password/[redacted]');
    expect(all).toContain('"/reset-password/[redacted]"');
    expect(all).toContain('/pay/[redacted]');
    expect(all).toContain('/order-placed?session_id=[redacted]&x=1');
    expect(all).not.toContain(token);
    expect(all).not.toContain(payId);
  });
});

describe('database errors in the log', () => {
  it('are logged without their parameters', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/__fail' });
    expect(res.statusCode).toBe(500);
    const line = logged.find((l) => l.includes('request failed'));
    expect(line).toBeDefined();
    expect(line).toContain('Failed query: insert into \\"users\\"');
    expect(line).toContain('params: [redacted]');
    expect(line).toContain('duplicate key value violates unique constraint');
    expect(line).not.toContain(SECRET_EMAIL);
  });
});

describe('the generated staff password', () => {
  it('is never printed: the start message names the file that holds it', async () => {
    // A first start with no staff account yet, outside the test environment (which prints nothing).
    await t.app.db.delete(users).where(eq(users.role, 'staff'));
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    let again: FastifyInstance | undefined;
    try {
      again = await buildApp({ ...t.config, env: 'development', logLevel: 'silent' }, { database: t.database, distDir: path.join(t.dataDir, 'no-dist') });
    } finally {
      spy.mockRestore();
      await again?.close();
    }
    const file = staffFilePath(t.dataDir);
    const { password } = JSON.parse(readFileSync(file, 'utf8')) as { password: string };
    const out = printed.join('');
    expect(out).toContain(`Its generated password is in ${file}`);
    expect(out).not.toContain(password);
  });
});
