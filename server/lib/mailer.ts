import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One e-mail. `html` and `text` carry the same content (clients pick the one they can show). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The transport (`app.mailer.send(...)`): password resets directly; order e-mails through lib/emailOutbox.ts. */
export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (DATA_DIR/outbox.jsonl). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  from: { name: string; address: string };
  log: FastifyBaseLogger;
}

/** The outbox file of a DATA_DIR (one JSON object per line: to, subject, text, html, sentAt). */
export function outboxPath(dataDir: string): string {
  return path.join(dataDir, 'outbox.jsonl');
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is appended as one JSON
 * line to DATA_DIR/outbox.jsonl (mode 0600: it holds reset links) and logged, so a developer or a
 * test can open the links without a mail server.
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        opts.log.info({ to: m.to, subject: m.subject }, 'e-mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }
  const file = outboxPath(opts.dataDir);
  return {
    kind: 'outbox',
    async send(m) {
      await mkdir(opts.dataDir, { recursive: true });
      const line = JSON.stringify({ to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: new Date().toISOString() });
      // One appendFile per message: a single write, so concurrent messages never interleave.
      await appendFile(file, line + '\n', { mode: 0o600 });
      opts.log.info({ to: m.to, subject: m.subject, outbox: file }, 'e-mail written to the outbox (SMTP_URL is not set)');
    },
    async close() {},
  };
}

/** Escapes text for an HTML e-mail body. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The shop's HTML e-mail around a body (already escaped HTML): one look for every e-mail the shop sends. */
export function emailPage(shopName: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#FFF8EF;font-family:Helvetica,Arial,sans-serif;color:#2B2233">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#C4411D;margin:0 0 8px">${escapeHtml(shopName)}</h1>
${body}
</div></body></html>`;
}
