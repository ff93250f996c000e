import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dataDir, DESKTOP, newPage } from './browser';

/** The staff account the e2e server made on its first start (DATA_DIR/staff.json). */
export function staffAccount(): { email: string; password: string } {
  return JSON.parse(fs.readFileSync(path.join(dataDir(), 'staff.json'), 'utf8')) as { email: string; password: string };
}

/** A page signed in as staff through /login, on the console's dashboard. */
export async function staffPage(viewport = DESKTOP): Promise<Page & { errors: string[] }> {
  const staff = staffAccount();
  const page = await newPage(viewport);
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/staff');
  return page;
}
