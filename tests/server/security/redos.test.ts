/**
 * ReDoS: no request can make a regular expression run on unbounded text. Every validator is fed
 * 1 MB adversarial strings — every route the app registers (over `app.inject`), every zod schema
 * those routes parse with (captured as the routes call parseOr400/parseFields, then fed directly,
 * below the app's own length guard), the socket's `join`, and every exported function of
 * src/domain — while every RegExp execution is watched: the longest text any pattern saw must stay
 * within the app's bound (MAX_TEXT_LENGTH). This proves the bound by construction (the length check
 * refuses before any pattern runs) instead of timing anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../../../server/lib/inputGuards';
import { checkAddress } from '../../../src/domain/address';
import { makeStaff } from '../chat-helpers';
import { makeShopper } from '../checkout-helpers';
import { buildTestApp, type TestApp } from '../helpers';

/** Every schema a route parses with, as the route passes it (the module is the real one, observed). */
const seen = vi.hoisted(() => new Set<unknown>());
vi.mock('../../../server/lib/validate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/lib/validate')>();
  return { ...real, parseOr400: (schema: z.ZodType, input: unknown, what?: string) => (seen.add(schema), real.parseOr400(schema, input, what)) };
});
vi.mock('../../../server/lib/fieldErrors', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/lib/fieldErrors')>();
  return { ...real, parseFields: (schema: z.ZodType, input: unknown, what: string) => (seen.add(schema), real.parseFields(schema, input, what)) };
});

const MB = 1024 * 1024;
/** Shapes that make backtracking patterns slow: the reported e-mail, long runs of one class, then a refusal. */
const ADVERSARIAL = [
  `a@${'.'.repeat(MB)}@`,
  `${'a'.repeat(MB)}!`,
  `${' '.repeat(MB)}x`,
  `${'/'.repeat(MB)}x`,
  `${'-'.repeat(MB)}!`,
  `${'x@'.repeat(MB / 2)}`,
  `${'0'.repeat(MB)}\u0001`,
];

/**
 * Patterns that read their text in one pass, whatever it holds, so they are not what a bound
 * protects: zod's surrogate probe inside its own length check, and secure-json-parse's scans of a
 * raw JSON body for `__proto__` and `constructor` keys (Fastify's parser; the body is bounded by
 * bodyLimit).
 */
const ONE_PASS = new Set<string>([
  String.raw`[\uD800-\uDBFF]`,
  ...[...readFileSync(path.resolve(__dirname, '../../../node_modules/secure-json-parse/index.js'), 'utf8').matchAll(/^const suspect\w+Rx = \/(.*)\/$/gm)].map((m) => m[1]),
]);

/** The pattern that read the longest text in the last watch (for the failure messages). */
let lastOffender = '';

/** Starts watching every RegExp execution (exec underlies test, match, replace, split); the stop function returns the longest text seen. */
function watchPatterns(): () => number {
  const exec = RegExp.prototype.exec;
  let longest = 0;
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    if (!ONE_PASS.has(this.source) && String(text).length > longest) {
      longest = String(text).length;
      lastOffender = `/${this.source}/`;
    }
    return exec.call(this, text);
  };
  return () => {
    RegExp.prototype.exec = exec;
    return longest;
  };
}

/** The longest text a regular expression was run on while `fn` ran. */
function longestPatternInput(fn: () => unknown): { longest: number; result: unknown } {
  const stop = watchPatterns();
  let result: unknown;
  try {
    result = fn();
  } catch (err) {
    result = err;
  }
  return { longest: stop(), result };
}

async function longestPatternInputAsync(fn: () => Promise<unknown>): Promise<number> {
  const stop = watchPatterns();
  try {
    await fn();
  } catch (err) {
    stop();
    throw err;
  }
  return stop();
}

it('the watch sees patterns run through test, match, replace and split', () => {
  const text = 'x'.repeat(50_000);
  for (const run of [() => /y/.test(text), () => text.match(/y/), () => text.replace(/y/g, ''), () => text.split(/y/)]) {
    expect(longestPatternInput(run).longest).toBe(50_000);
  }
  expect(ONE_PASS.size).toBe(3);
});

// ---- zod schemas: an adversarial value for every field ------------------------------------------

interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  keyType?: { _zod: { def: Def } };
  valueType?: { _zod: { def: Def } };
}

/** Inputs for a schema: one per adversarial string, that string in every text position (and key). */
function inputsFor(schema: z.ZodType): unknown[] {
  const build = (def: Def, bad: string, depth: number): unknown => {
    if (depth > 12) return bad;
    switch (def.type) {
      case 'object':
        return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, build(v._zod.def, bad, depth + 1)]));
      case 'array':
        return [build(def.element!._zod.def, bad, depth + 1)];
      case 'record':
        return { [bad]: build(def.valueType!._zod.def, bad, depth + 1), k: build(def.valueType!._zod.def, bad, depth + 1) };
      case 'union': {
        const strings = def.options!.find((o) => o._zod.def.type === 'string' || o._zod.def.type === 'pipe');
        return build((strings ?? def.options![0])._zod.def, bad, depth + 1);
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return build(def.innerType!._zod.def, bad, depth + 1);
      case 'pipe':
        return build(def.in!._zod.def, bad, depth + 1);
      case 'number':
      case 'boolean':
        // Coerced numbers and the like read text too: give them the same string.
        return bad;
      default:
        return bad;
    }
  };
  return ADVERSARIAL.map((bad) => build((schema as unknown as { _zod: { def: Def } })._zod.def, bad, 0));
}

// ---- every route ---------------------------------------------------------------------------------

const routes: { method: string; url: string }[] = [];
/** Records every route of the app (skip-override: the hook sees the routes of every plugin). */
const recordRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
  });
};
(recordRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
/** Params that reach the body's schema: ids shaped like ids, other names plausible. */
const fill = (url: string, value: (name: string) => string) => url.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => value(name)).replace('*', 'x');

describe('every route and every schema it validates with', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let staff: string;
  let shopper: string;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { plugins: [recordRoutes] } });
    app = t.app;
    await app.ready();
    staff = (await makeStaff(app)).token;
    shopper = (await makeShopper(app)).token;
  }, 60_000);
  afterAll(() => t?.close());

  // Every route twice over with megabyte bodies: minutes on a loaded machine, and nothing here is about speed.
  it('answers every route fed 1 MB strings with a 4xx before any pattern reads them', { timeout: 300_000 }, async () => {
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { method, url } of routes) {
      for (const token of [staff, shopper]) {
        for (const bad of ADVERSARIAL.slice(0, 2)) {
          const sent = fill(url, (name) => (name === 'id' ? ID : name === 'file' ? 'x.svg' : 'x'));
          let status = 0;
          const longest = await longestPatternInputAsync(async () => {
            const res = await app.inject({
              method: method as 'GET',
              url: `${sent}?q=${encodeURIComponent(bad.slice(0, 64 * 1024))}`,
              headers: { token },
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { q: bad, email: bad, code: bad, items: [{ productId: bad, color: bad, quantity: 1 }], address: { email: bad } } }),
            });
            status = res.statusCode;
          });
          if (longest > MAX_TEXT_LENGTH) problems.push(`${method} ${url}: ${lastOffender} ran on ${longest} characters`);
          if (status >= 500) problems.push(`${method} ${url}: ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('each schema a route validates with refuses a 1 MB field before any pattern runs', { timeout: 300_000 }, async () => {
    // Reach every route's parse once with a well-formed shell, so each schema is captured.
    for (const { method, url } of routes) {
      for (const token of [staff, shopper]) {
        await app.inject({ method: method as 'GET', url: fill(url, (name) => (name === 'id' ? ID : 'x')), headers: { token }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const schema of seen) {
      for (const input of inputsFor(schema as z.ZodType)) {
        const { longest } = longestPatternInput(() => (schema as z.ZodType).safeParse(input));
        if (longest > MAX_TEXT_LENGTH) problems.push(`${JSON.stringify(Object.keys((schema as { shape?: object }).shape ?? {}))}: ${lastOffender} ran on ${longest} characters`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('POST /api/order/stripe with the reported e-mail is refused at once, and so is one just under the bound', async () => {
    // The sweeps above called logout with the other tokens.
    const { token } = await makeShopper(app, 'Redos');
    const body = (email: string) => ({ address: { firstName: 'A', lastName: 'B', email, street: 's', city: 'c', state: 'CA', zipcode: '12345', phone: '5551234567' }, items: [{ productId: ID, color: '|', quantity: 1 }], amount: 1 });
    for (const email of [`a@${'.'.repeat(40_000)}@`, `a@${'.'.repeat(MAX_TEXT_LENGTH - 3)}@`]) {
      // Patterns may read the raw request and response (the JSON parser's scans, the inject harness); none reads the e-mail.
      const exec = RegExp.prototype.exec;
      let readTheEmail = 0;
      RegExp.prototype.exec = function (this: RegExp, text: string) {
        if (!ONE_PASS.has(this.source) && String(text).includes('.'.repeat(1000))) readTheEmail += 1;
        return exec.call(this, text);
      };
      let res: Awaited<ReturnType<FastifyInstance['inject']>>;
      try {
        res = await app.inject({ method: 'POST', url: '/api/order/stripe', headers: { token }, payload: body(email) });
      } finally {
        RegExp.prototype.exec = exec;
      }
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(email.length > MAX_TEXT_LENGTH ? /longer than 10000 characters/ : /email: Please enter a valid email address/);
      expect(readTheEmail).toBe(0);
    }
  });
});

// ---- the socket's event ----------------------------------------------------------------------

describe('socket join', () => {
  it('refuses a 1 MB conversation id without reading it', async () => {
    const { io } = await import('socket.io-client');
    const t = await buildTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const { token } = await makeShopper(t.app);
      const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', auth: { token }, reconnection: false, transports: ['websocket'], forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      let longest = 0;
      const reason = await new Promise<string>((resolve) => {
        socket.once('disconnect', (r) => resolve(r));
        void longestPatternInputAsync(async () => {
          socket.emit('join', ADVERSARIAL[0], () => {});
          await new Promise((r) => setTimeout(r, 200));
        }).then((l) => (longest = l));
      });
      // Over maxHttpBufferSize: the server drops the connection before any handler sees the text.
      expect(reason).toBe('transport close');
      expect(longest).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      socket.close();
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

// ---- the shared rules ------------------------------------------------------------------------

/**
 * Rules of src/domain that format text already stored and bounded (a product's name or description
 * into a meta tag), or are the character checks every validator runs after its own length check
 * (a review's forbidden characters and held-for-review words on a body its schema bounded, an
 * author's stored name):
 * their patterns are linear (lint: regexp/no-super-linear-*), so a megabyte costs milliseconds;
 * they are held to a generous ceiling instead of the length bound.
 */
const LINEAR_ON_STORED_TEXT = new Set(['hasUnsafeCharacters', 'metaDescription', 'pageTitle', 'displayName', 'hasForbiddenText', 'heldReason', 'reviewAuthorName']);

describe('src/domain rules that take text', () => {
  const DOMAIN = path.resolve(__dirname, '../../../src/domain');
  const files = readdirSync(DOMAIN).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  /** Every exported function whose first parameter is text, found in the source (a new rule is covered as it is written). */
  const textRules = files.flatMap((file) =>
    [...readFileSync(path.join(DOMAIN, file), 'utf8').matchAll(/export (?:function|const) (\w+)(?: = )?(?:<[^>]*>)?\(\s*\w+\??: (?:string|unknown)/g)].map((m) => ({ file, name: m[1] })),
  );

  it('finds the address, cart key, checkout and chat rules', () => {
    expect(textRules.map((r) => r.name)).toEqual(expect.arrayContaining(['isValidEmail', 'normalisePhone', 'parseVariant', 'normaliseDiscountCode', 'isSendableText']));
  });

  it.each(files)('%s: each text rule fed 1 MB strings refuses before any pattern reads them', { timeout: 120_000 }, async (file) => {
    const mod = (await import(pathToFileURL(path.join(DOMAIN, file)).href)) as Record<string, (...a: unknown[]) => unknown>;
    const problems: string[] = [];
    for (const { name } of textRules.filter((r) => r.file === file)) {
      // The linear rules cost real time per megabyte: one shape each is enough to hold them to the ceiling.
      for (const bad of LINEAR_ON_STORED_TEXT.has(name) ? ADVERSARIAL.slice(0, 1) : ADVERSARIAL) {
        for (const args of [[bad], [bad, bad], [bad, bad, bad]]) {
          const started = performance.now();
          const { longest } = longestPatternInput(() => mod[name](...args));
          const ms = performance.now() - started;
          if (LINEAR_ON_STORED_TEXT.has(name) ? ms > 5_000 : longest > MAX_TEXT_LENGTH) problems.push(`${name}(${args.length} × ${JSON.stringify(bad.slice(0, 6))}…): ${lastOffender} ran on ${longest} characters (${Math.round(ms)} ms)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('checkAddress refuses 1 MB fields before any pattern reads them', () => {
    for (const bad of ADVERSARIAL) {
      const input = { firstName: bad, lastName: bad, email: bad, street: bad, city: bad, state: bad, zipcode: bad, phone: bad, country: bad, description: bad };
      const { longest, result } = longestPatternInput(() => checkAddress(input));
      expect(result).toMatchObject({ ok: false });
      expect(longest).toBeLessThanOrEqual(300);
    }
  });
});
