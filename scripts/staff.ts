/**
 * The staff CLI (issue 7): `npm run staff -- <command> [options]`. It talks to the running
 * server's staff API only — never to the database files (PGlite allows one process per DATA_DIR).
 *
 * Server: --server <url>, else PUBLIC_URL, else http://localhost:$PORT (4000).
 * Account: STAFF_EMAIL + STAFF_PASSWORD, else DATA_DIR/staff.json (written by the server's first
 * start when those are unset; DATA_DIR defaults to ./.data).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type {
  StaffConversationsResponse,
  StaffOrderStatusResponse,
  StaffOrdersResponse,
  StaffReplyResponse,
  StaffSettingsResponse,
  StaffThreadResponse,
} from '../server/routes/staff';

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
  settings [--show-support on|off]              show, or switch the 'Contact Support' button on My Orders

Options:
  --server <url>   the running server (default: PUBLIC_URL, else http://localhost:$PORT, PORT 4000)
  --json           print the server's answer as JSON
  -h, --help       this text

The staff account: STAFF_EMAIL and STAFF_PASSWORD, or else DATA_DIR/staff.json (DATA_DIR default ./.data).`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function serverUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT || 4000}`;
  try {
    return new URL(raw).toString().replace(/\/+$/, '');
  } catch {
    throw new CliError(`Not a URL: ${raw}`, 2);
  }
}

function credentials(env: NodeJS.ProcessEnv): { email: string; password: string } {
  if (env.STAFF_EMAIL && env.STAFF_PASSWORD) return { email: env.STAFF_EMAIL, password: env.STAFF_PASSWORD };
  const file = path.join(path.resolve(env.DATA_DIR || './.data'), 'staff.json');
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
    throw new CliError(message);
  }
  return data as T;
}

async function login(base: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { email, password } = credentials(env);
  const r = await call<{ token: string }>(base, 'POST', '/api/user/login', { body: { email, password } });
  return r.token;
}

const when = (iso: string | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) : '');

function need(value: string | undefined, flag: string): string {
  if (!value || !value.trim()) throw new CliError(`--${flag} is required\n\n${USAGE}`, 2);
  return value.trim();
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out: (line: string) => void = console.log): Promise<number> {
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
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 2);
  }
  const { values: o, positionals } = parsed;
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
        for (const m of r.messages) out(`${when(m.createdAt)} ${m.isAdmin ? 'staff' : 'customer'}: ${m.body}`);
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
          out(`${x._id} · ${x.status} · $${x.amount.toFixed(2)} · ${x.customer?.email ?? '?'} · ${when(new Date(x.date).toISOString())}${x.trackingNumber ? ` · tracking ${x.trackingNumber}` : ''}`);
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
        out(`Order ${r.order._id} is now ${r.order.status}${r.order.trackingNumber ? ` (tracking ${r.order.trackingNumber})` : ''}${r.emailed ? '; the customer was e-mailed' : ''}.`),
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
    default:
      throw new CliError(`Unknown command: ${command}\n\n${USAGE}`, 2);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'staff.ts');
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof CliError ? err.message : err);
      process.exit(err instanceof CliError ? err.exitCode : 1);
    },
  );
}
