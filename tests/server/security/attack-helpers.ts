/**
 * The attack suite talks to a listening server over real HTTP (fetch) and real sockets, like an
 * attacker would. Every answer is recorded: `expectNoLeaks()` checks that no error body anywhere in
 * the file carried a stack, a file path or SQL. `tally` counts the attacks tried and refused; each
 * file prints its count (the README's "Security and reliability" totals add them up).
 */
import net from 'node:net';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import type { Config } from '../../../server/config';

export interface Target {
  t: TestApp;
  base: string;
  close(): Promise<void>;
}

export async function startTarget(config: Partial<Config> = {}): Promise<Target> {
  const t = await buildTestApp({ config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  return { t, base, close: () => t.close() };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> & { success?: boolean; message?: string };
  ms: number;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const answers: { url: string; status: number; text: string; sent: string }[] = [];

/** One request over HTTP: JSON body unless `raw` is given (then sent as is with its own content type). */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.token ? { token: opts.token } : {}), ...opts.headers };
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const started = Date.now();
  const res = await fetch(`${base}${url}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  const ms = Date.now() - started;
  answers.push({ url, status: res.status, text, sent: `${safeDecode(url)} ${body ?? ''}` });
  let json: Answer['json'];
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = {};
  }
  return { status: res.status, headers: res.headers, text, json, ms };
}

/** Stack frames, source paths, SQL or driver words that must never reach a client. */
export const LEAK_RE = /\bat \S+ \(|\.ts:\d|node_modules|\/work\/|\bselect\s.+\sfrom\b|\binsert into\b|\bupdate \S+ set\b|relation "|syntax error at|DrizzleQueryError|Failed query|violates .* constraint|ECONNREFUSED/i;

/** No answer recorded in this file leaked internals (every status: a 200 echoing SQL would be as bad). */
export function expectNoLeaks(): void {
  // A message may quote the caller's own input back ("Invalid variant \"…\""): that is not a leak.
  const leaks = answers.filter((a) => {
    const m = LEAK_RE.exec(a.text);
    return a.status >= 400 && m !== null && !a.sent.includes(m[0]);
  });
  expect(leaks.map((l) => `${l.status} ${l.url}: ${l.text.slice(0, 200)}`)).toEqual([]);
  expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.status} ${a.url}: ${a.text.slice(0, 200)}`)).toEqual([]);
}

/** Attacks tried and refused in this file. */
export const tally = { tried: 0, refused: 0 };

/** Counts one attack; `refused` is what the test asserted (a failed assertion fails the test anyway). */
export function attack(refused: boolean): void {
  tally.tried += 1;
  if (refused) tally.refused += 1;
}

export function report(file: string): void {
  console.log(`[security] ${file}: ${tally.refused}/${tally.tried} attacks refused; ${answers.length} requests, no leaks`);
}
