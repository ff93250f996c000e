/**
 * The staff CLI: `npm run staff -- <command> [options]`. It talks to the running
 * server's staff API only — never to the database files (PGlite allows one process per DATA_DIR).
 *
 * Server: --server <url>, else PUBLIC_URL, else http://localhost:$PORT (4000).
 * Account: STAFF_EMAIL + STAFF_PASSWORD, else DATA_DIR/staff.json (written by the server's first
 * start when those are unset; DATA_DIR defaults to ./.data). The session is kept in
 * DATA_DIR/staff-session.json (mode 0600) and reused until the server refuses it, so commands do
 * not log in each time (every login counts towards the login limits).
 * Everything printed has its non-printable characters escaped: customers' names and messages
 * must not drive the staff member's terminal.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatOrderNumber } from '../src/domain/orderNumber';
import type { StaffAccountResponse } from '../server/routes/staffAccounts';
import type { StaffRefundPanelResponse, StaffRefundResponse } from '../server/routes/staffRefunds';
import type {
  StaffConversationsResponse,
  StaffOrderStatusResponse,
  StaffOrdersResponse,
  StaffReplyResponse,
  StaffSettingsResponse,
  StaffThreadResponse,
} from '../server/routes/staff';
import { trimEndChars } from '../src/domain/text';

const USAGE = `Usage: npm run staff -- <command> [options]

Commands:
  list                                          conversations with unread counts (newest activity first)
  thread --email <customer e-mail>              a customer's messages (marks them read)
  reply --email <customer e-mail> --text <msg>  answer a customer in their support chat (live)
  orders [--email <customer e-mail>] [--limit N]  recent orders, or one customer's
  order-status --order <id> [--status <status>] [--tracking <number>]
                                                move an order (only the allowed transitions:
                                                Payment Pending → Order Placed → Processing → Delivered;
                                                Cancelled and Refunded as ARCHITECTURE.md allows) and/or
                                                set its tracking number; tracking or Delivered e-mails the shopper
  refund --order <id>                           what the order can still give back: its lines (numbered), refunds so far
  refund --order <id> [--line <n>[:<units>]]... [--amount <dollars>] [--reason <text>] [--restock] [--key <key>]
                                                refund units of lines (less their share of the discount) and/or an
                                                amount (delivery is refunded as an amount), never more than is left;
                                                the customer is e-mailed. A request that got no answer is retried with
                                                the --key it printed: it refunds at most once
  settings [--show-support on|off]              show, or switch the 'Contact Support' button on My Orders
  create-staff --email <e-mail> --name <name> [--password-file <path>]
                                                a new staff account: on a terminal it asks for the password;
                                                otherwise it generates one and writes it to a new file readable
                                                only by you (default DATA_DIR/staff-<e-mail>.json), never to the screen
  disable-staff --email <e-mail>                the account can no longer log in; its sessions end at once

Options:
  --server <url>   the running server (default: PUBLIC_URL, else http://localhost:$PORT, PORT 4000)
  --json           print the server's answer as JSON
  -h, --help       this text

The staff account: STAFF_EMAIL and STAFF_PASSWORD, or else DATA_DIR/staff.json (DATA_DIR default ./.data).`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** The server's HTTP status, when the error is its answer. */
    readonly status?: number,
  ) {
    super(message);
  }
}

function serverUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT || 4000}`;
  try {
    return trimEndChars(new URL(raw).toString(), '/');
  } catch {
    throw new CliError(`Not a URL: ${raw}`, 2);
  }
}

const dataDir = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR || './.data');

function credentials(env: NodeJS.ProcessEnv): { email: string; password: string } {
  if (env.STAFF_EMAIL && env.STAFF_PASSWORD) return { email: env.STAFF_EMAIL, password: env.STAFF_PASSWORD };
  const file = path.join(dataDir(env), 'staff.json');
  if (!existsSync(file)) {
    throw new CliError(`No staff credentials: set STAFF_EMAIL and STAFF_PASSWORD, or point DATA_DIR at the server's data folder (${file} is missing).`, 2);
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { email?: string; password?: string };
  if (!parsed.email || !parsed.password) throw new CliError(`${file} has no email/password`, 2);
  return { email: parsed.email, password: parsed.password };
}

async function call<T>(base: string, method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { token: opts.token } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch (err) {
    throw new CliError(`Cannot reach the server at ${base} (${(err as Error).message}). Is it running? Use --server <url>.`);
  }
  const data = (await res.json().catch(() => null)) as { success?: boolean; message?: unknown } | null;
  if (!res.ok || !data || data.success === false) {
    const message = typeof data?.message === 'string' ? data.message : `HTTP ${res.status}`;
    throw new CliError(message, 1, res.status);
  }
  return data as T;
}

export const sessionFilePath = (env: NodeJS.ProcessEnv) => path.join(dataDir(env), 'staff-session.json');

interface SavedSession {
  server: string;
  email: string;
  token: string;
}

function readSession(file: string): SavedSession | null {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedSession>;
    return typeof saved.server === 'string' && typeof saved.email === 'string' && typeof saved.token === 'string' ? (saved as SavedSession) : null;
  } catch {
    return null;
  }
}

/** Seconds until the token's `exp` (its payload is readable; only the server can vouch for it). */
function secondsLeft(token: string): number {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof exp === 'number' ? exp - Date.now() / 1000 : 0;
  } catch {
    return 0;
  }
}

/** Written whole (temporary file, then rename), readable by its owner only. */
function writeSession(file: string, session: SavedSession): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(session) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/**
 * A session token for the staff account: the saved one while the server still accepts it (and it
 * is for this server and account, and not about to expire), else a new login, saved.
 */
async function login(base: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { email, password } = credentials(env);
  const file = sessionFilePath(env);
  const saved = readSession(file);
  if (saved && saved.server === base && saved.email === email && secondsLeft(saved.token) > 60) {
    const ok = await call(base, 'GET', '/api/user/info', { token: saved.token }).then(
      () => true,
      (err: unknown) => {
        if (err instanceof CliError && err.status === 401) return false;
        throw err;
      },
    );
    if (ok) return saved.token;
  }
  const r = await call<{ token: string }>(base, 'POST', '/api/user/login', { body: { email, password } });
  writeSession(file, { server: base, email, token: r.token });
  return r.token;
}

/**
 * Control and format characters (ESC, C1, bidi overrides, zero-width…) other than newline and tab
 * are shown escaped (`\x1b`, `\u202e`): printed raw they would move the cursor, rewrite lines,
 * open links or set the clipboard.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(/(?![\n\t])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

const when = (iso: string | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) : '');

/** `--line 2` or `--line 2:3`: units of the order's line 2 as the refund listing numbers it (from 1). */
function refundLine(raw: string): { index: number; quantity: number } {
  const m = /^\s*(\d{1,4})\s*(?::\s*(\d{1,5})\s*)?$/.exec(raw);
  const line = m ? Number(m[1]) : 0;
  const quantity = m?.[2] === undefined ? 1 : Number(m[2]);
  if (line < 1 || quantity < 1) throw new CliError(`--line takes a line number and, after a colon, how many of its units (such as 2 or 2:3), not "${raw}"`, 2);
  return { index: line - 1, quantity };
}

/** `--amount 12.40`: dollars and cents (the server checks it against what is left). */
function refundAmount(raw: string): number {
  if (!/^\s*\d{1,7}(?:\.\d{1,2})?\s*$/.test(raw)) throw new CliError(`--amount takes dollars and cents, such as 12.40, not "${raw}"`, 2);
  return Number(raw);
}

function need(value: string | undefined, flag: string): string {
  if (!value || !value.trim()) throw new CliError(`--${flag} is required\n\n${USAGE}`, 2);
  return value.trim();
}

/** How create-staff gets a password: asked on a terminal (hidden), or none (generated then). */
export interface PasswordSource {
  interactive: boolean;
  ask(question: string): Promise<string>;
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    stderr.write(question);
    let typed = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new CliError('Cancelled', 130));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

const terminalPasswords: PasswordSource = { interactive: Boolean(process.stdin.isTTY), ask: askHidden };

/** Writes a generated password to a new file only its owner can read; refuses to overwrite one. */
function writeSecretFile(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${file} already exists; choose another --password-file`, 2);
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

async function newStaffPassword(passwords: PasswordSource): Promise<string | null> {
  if (!passwords.interactive) return null;
  const first = await passwords.ask('Password for the new staff account (at least 8 characters): ');
  if (first.length < 8) throw new CliError('The password must be at least 8 characters long', 2);
  const again = await passwords.ask('The same password again: ');
  if (again !== first) throw new CliError('The passwords do not match', 2);
  return first;
}

export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  passwords: PasswordSource = terminalPasswords,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: 'string' },
        email: { type: 'string' },
        text: { type: 'string' },
        order: { type: 'string' },
        status: { type: 'string' },
        tracking: { type: 'string' },
        limit: { type: 'string' },
        'show-support': { type: 'string' },
        name: { type: 'string' },
        'password-file': { type: 'string' },
        line: { type: 'string', multiple: true },
        amount: { type: 'string' },
        reason: { type: 'string' },
        restock: { type: 'boolean' },
        key: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 2);
  }
  const { values: o, positionals } = parsed;
  const write = out;
  out = (line) => write(escapeForTerminal(line));
  const command = positionals[0];
  if (o.help || !command) {
    out(USAGE);
    return o.help ? 0 : 2;
  }
  const base = serverUrl(o.server, env);
  const show = (data: unknown, human: () => void) => (o.json ? out(JSON.stringify(data, null, 2)) : human());

  switch (command) {
    case 'list': {
      const token = await login(base, env);
      const r = await call<StaffConversationsResponse>(base, 'GET', '/api/staff/conversations', { token });
      show(r, () => {
        if (r.conversations.length === 0) return out('No conversations yet.');
        for (const c of r.conversations) {
          const last = c.lastMessage ? `${c.lastMessage.isAdmin ? 'staff' : 'customer'} ${when(c.lastMessage.createdAt)}: ${c.lastMessage.body.replace(/\s+/g, ' ').slice(0, 60)}` : 'no messages';
          out(`${c.unread > 0 ? `[${c.unread} unread]` : '[read]'} ${c.user.name} <${c.user.email}> · ${c.messageCount} messages · ${last}`);
        }
      });
      return 0;
    }
    case 'thread': {
      const email = need(o.email, 'email');
      const token = await login(base, env);
      const r = await call<StaffThreadResponse>(base, 'GET', `/api/staff/conversations/thread?email=${encodeURIComponent(email)}`, { token });
      show(r, () => {
        out(`${r.customer.name} <${r.customer.email}> · conversation ${r.conversation._id}`);
        if (r.messages.length === 0) out('No messages yet.');
        // Continuation lines indented: a message cannot pass for another entry.
        for (const m of r.messages) out(`${when(m.createdAt)} ${m.isAdmin ? 'staff' : 'customer'}: ${m.body.replace(/\n/g, '\n    ')}`);
      });
      return 0;
    }
    case 'reply': {
      const email = need(o.email, 'email');
      const text = need(o.text, 'text');
      const token = await login(base, env);
      const r = await call<StaffReplyResponse>(base, 'POST', '/api/staff/reply', { token, body: { email, text } });
      show(r, () => out(`Sent to ${email} (message ${r.message._id}).`));
      return 0;
    }
    case 'orders': {
      const token = await login(base, env);
      const q = new URLSearchParams();
      if (o.email) q.set('email', o.email.trim());
      if (o.limit) q.set('limit', o.limit);
      const r = await call<StaffOrdersResponse>(base, 'GET', `/api/staff/orders${q.size ? `?${q}` : ''}`, { token });
      show(r, () => {
        if (r.orders.length === 0) return out('No orders.');
        for (const x of r.orders) {
          out(`${formatOrderNumber(x.orderNumber)} · ${x._id} · ${x.status} · $${x.amount.toFixed(2)} · ${x.customer?.email ?? '?'} · ${when(new Date(x.date).toISOString())}${x.trackingNumber ? ` · tracking ${x.trackingNumber}` : ''}`);
        }
      });
      return 0;
    }
    case 'order-status': {
      const orderId = need(o.order, 'order');
      if (!o.status && !o.tracking) throw new CliError(`Give --status, --tracking or both\n\n${USAGE}`, 2);
      const token = await login(base, env);
      const r = await call<StaffOrderStatusResponse>(base, 'POST', '/api/staff/order-status', {
        token,
        body: { orderId, ...(o.status ? { status: o.status } : {}), ...(o.tracking ? { trackingNumber: o.tracking } : {}) },
      });
      show(r, () =>
        out(`Order ${r.order.orderNumber ? formatOrderNumber(r.order.orderNumber) : r.order._id} is now ${r.order.status}${r.order.trackingNumber ? ` (tracking ${r.order.trackingNumber})` : ''}${r.emailed ? '; the customer was e-mailed' : ''}.`),
      );
      return 0;
    }
    case 'refund': {
      const orderId = need(o.order, 'order');
      const lines = (o.line ?? []).map(refundLine);
      const amount = o.amount === undefined ? 0 : refundAmount(o.amount);
      const token = await login(base, env);
      const panelUrl = `/api/staff/orders/${encodeURIComponent(orderId)}/refunds`;
      if (lines.length === 0 && o.amount === undefined) {
        const r = await call<StaffRefundPanelResponse>(base, 'GET', panelUrl, { token });
        show(r, () => {
          out(`Order ${r.orderId} · ${r.status} · paid $${r.paid.toFixed(2)} · refunded $${r.refunded.toFixed(2)} · can still refund $${r.refundable.toFixed(2)}`);
          for (const l of r.lines) {
            const options = l.color.split('|').filter(Boolean).join(', ');
            out(`  line ${l.index + 1}: ${l.name}${options ? ` (${options})` : ''} × ${l.quantity}${l.refundedQuantity ? ` (${l.refundedQuantity} refunded)` : ''} · $${l.total.toFixed(2)}`);
          }
          out(`  delivery $${r.shipping.toFixed(2)} (refunded as an amount)${r.discount ? ` · discount $${r.discount.toFixed(2)}` : ''}`);
          for (const x of r.refunds) out(`  refund ${when(x.at)} $${x.amount.toFixed(2)} ${x.status}${x.reason ? ` · ${x.reason}` : ''}`);
        });
        return 0;
      }
      // One key per refund asked for: sent again (--key), the server answers the refund it made.
      const key = o.key?.trim() || `cli-${randomBytes(12).toString('base64url')}`;
      const body = { lines, amount, ...(o.reason ? { reason: o.reason } : {}), restock: Boolean(o.restock), idempotencyKey: key };
      let r: StaffRefundResponse;
      try {
        r = await call<StaffRefundResponse>(base, 'POST', panelUrl, { token, body });
      } catch (err) {
        // No answer, or the server failed: the refund may have been made. The same key finds it.
        if (err instanceof CliError && (err.status === undefined || err.status >= 500)) throw new CliError(`${err.message}\nRetry with --key ${key} to refund at most once.`, err.exitCode, err.status);
        throw err;
      }
      const name = r.order.orderNumber ? formatOrderNumber(r.order.orderNumber) : r.order._id;
      show(r, () =>
        out(
          r.repeated
            ? `That refund was made before (key ${key}): $${r.refund.amount.toFixed(2)} of order ${name}, nothing more was refunded.`
            : `Refunded $${r.refund.amount.toFixed(2)} of order ${name} (${r.refund.status}); $${(r.order.refunded ?? 0).toFixed(2)} refunded in all, the order is ${r.order.status}. The customer is e-mailed.`,
        ),
      );
      return 0;
    }
    case 'settings': {
      const token = await login(base, env);
      let r: StaffSettingsResponse;
      if (o['show-support'] !== undefined) {
        const v = o['show-support'].trim().toLowerCase();
        if (!['on', 'off'].includes(v)) throw new CliError('--show-support takes on or off', 2);
        r = await call<StaffSettingsResponse>(base, 'POST', '/api/staff/settings', { token, body: { showSupportInOrders: v === 'on' } });
      } else {
        r = await call<StaffSettingsResponse>(base, 'GET', '/api/staff/settings', { token });
      }
      show(r, () => out(`Contact Support on My Orders: ${r.settings.showSupportInOrders ? 'on' : 'off'}`));
      return 0;
    }
    case 'create-staff': {
      const email = need(o.email, 'email').toLowerCase();
      const name = need(o.name, 'name');
      const typed = await newStaffPassword(passwords);
      const password = typed ?? randomBytes(18).toString('base64url');
      const file = typed ? null : path.resolve(o['password-file'] ?? path.join(path.resolve(env.DATA_DIR || './.data'), `staff-${email}.json`));
      // The file first: a generated password is never lost after the account exists.
      if (file) writeSecretFile(file, JSON.stringify({ email, password, createdAt: new Date().toISOString() }, null, 2) + '\n');
      let r: StaffAccountResponse;
      try {
        const token = await login(base, env);
        r = await call<StaffAccountResponse>(base, 'POST', '/api/staff/accounts', { token, body: { email, name, password } });
      } catch (err) {
        // No account was made: a password file for it would only mislead.
        if (file) rmSync(file, { force: true });
        throw err;
      }
      show(r, () => out(`Staff account ${r.account.email} created.${file ? ` Its generated password is in ${file} (readable only by you).` : ''}`));
      return 0;
    }
    case 'disable-staff': {
      const email = need(o.email, 'email');
      const token = await login(base, env);
      const r = await call<StaffAccountResponse>(base, 'POST', '/api/staff/accounts/disable', { token, body: { email } });
      show(r, () => out(`Staff account ${r.account.email} is disabled; its sessions have ended.`));
      return 0;
    }
    default:
      throw new CliError(`Unknown command: ${command}\n\n${USAGE}`, 2);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'staff.ts');
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof CliError ? escapeForTerminal(err.message) : err);
      process.exit(err instanceof CliError ? err.exitCode : 1);
    },
  );
}
