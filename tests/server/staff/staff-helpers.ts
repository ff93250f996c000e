import type { LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type { Config } from '../../../server/config';
import { useShopApp, type ShopApp } from '../checkout-helpers';
import { makeStaff } from '../chat-helpers';

export interface StaffApp extends ShopApp {
  /** A staff account of this file, with a session token; set once beforeAll has run. */
  staff: { id: string; token: string; email: string };
  /** A request to this file's app as `token` (the staff account unless told), with `body` as JSON. */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** A GET as `token` (the staff account unless told). */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
}

/**
 * Registers this file's beforeAll/afterAll (see useShopApp: no test catalogue unless `catalog: true`)
 * and makes a staff account once the app is up.
 */
export function useStaffApp(opts: { config?: Partial<Config>; catalog?: boolean; stripe?: boolean } = {}): StaffApp {
  const ctx = useShopApp({ ...opts, catalog: opts.catalog ?? false }) as StaffApp;
  beforeAll(async () => {
    ctx.staff = await makeStaff(ctx.app);
  });
  ctx.send = (method, url, body, token = ctx.staff.token) =>
    ctx.app.inject({ method, url, headers: { token }, ...(body !== undefined ? { payload: body as object } : {}) });
  ctx.get = (url, token) => ctx.send('GET', url, undefined, token);
  return ctx;
}
