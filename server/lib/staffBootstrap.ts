import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where a generated staff password is written (mode 0600). */
export function staffFilePath(dataDir: string): string {
  return path.join(dataDir, 'staff.json');
}

function defaultStaffEmail(shopEmail: string): string {
  const domain = shopEmail.split('@')[1] || 'layerloft.shop';
  return `staff@${domain}`;
}

/**
 * Ensures a staff account exists (ARCHITECTURE.md):
 * - STAFF_EMAIL (+ STAFF_PASSWORD) set: that account exists with role staff; when STAFF_PASSWORD
 *   is set it is the password (changed if it differs, which also ends older sessions).
 * - otherwise, when no staff account exists yet, `staff@<shop domain>` is created with a generated
 *   password written to DATA_DIR/staff.json (0600); the start message names that file.
 * An existing shopper account with the staff e-mail is promoted only together with a password the
 * operator controls, so a shopper who registered that address first never becomes staff with a
 * password of their own.
 */
export async function ensureStaffAccount(app: FastifyInstance): Promise<void> {
  const { config, users, passwords } = app;
  const configured = config.staffEmail?.trim().toLowerCase();
  if (!configured && (await users.findStaff())) return;

  const email = configured ?? defaultStaffEmail(config.shopEmail);
  const existing = await users.findByEmail(email);

  if (existing && existing.role === 'staff') {
    if (config.staffPassword && !(await passwords.verify(existing.passwordHash, config.staffPassword))) {
      await users.update(existing.id, { passwordHash: await passwords.hash(config.staffPassword) });
      app.log.info({ email }, 'staff password updated from STAFF_PASSWORD');
    }
    return;
  }

  const generated = config.staffPassword ? null : randomBytes(18).toString('base64url');
  const password = config.staffPassword ?? generated!;
  const passwordHash = await passwords.hash(password);
  if (existing) {
    await users.update(existing.id, { role: 'staff', passwordHash });
    app.log.warn({ email }, 'an existing account was promoted to staff; its password was replaced');
  } else {
    try {
      await users.create({ name: 'Staff', email, passwordHash, role: 'staff' });
    } catch (err) {
      // Another instance starting at the same moment created it first.
      if ((err as Error).name === 'DuplicateEmailError') return;
      throw err;
    }
  }
  if (generated) {
    const file = staffFilePath(config.dataDir);
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ email, password: generated, createdAt: new Date().toISOString() }, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    if (config.env !== 'test') {
      // The file is named, never the password: stdout is shipped to log stores too.
      process.stdout.write(
        `\nA staff account was created: ${email}\nIts generated password is in ${file} (readable by this user only).\n` +
          'Set STAFF_EMAIL and STAFF_PASSWORD to choose them yourself.\n\n',
      );
    }
  } else {
    app.log.info({ email }, 'staff account ensured from STAFF_EMAIL/STAFF_PASSWORD');
  }
}
