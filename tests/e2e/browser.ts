/** Helpers for browser tests: one connection to the shared Chromium per test file. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { demoCatalog } from '../../server/db/demoCatalog';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

const screenshotDir = path.resolve(import.meta.dirname, '../../test-output/screenshots');

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

export const baseUrl = () => inject('baseUrl');

const demo = demoCatalog();
const SEEDED_IDS = new Set([...demo.products, ...demo.bundles].map((x) => x._id));
/**
 * Only the demo seed's products or bundles. Browser test files run two at a time on one server, and
 * the staff catalog test adds (and then deletes) a product and a bundle meanwhile: a test picks what
 * it uses from the seed, so no other file's records come and go under it.
 */
export const seeded = <T extends { _id: string }>(records: T[]): T[] => records.filter((r) => SEEDED_IDS.has(r._id));
export const dataDir = () => inject('dataDir');

/** A new page in a fresh context (own storage) at the given viewport, with console errors collected. */
export async function newPage(viewport = DESKTOP): Promise<Page & { errors: string[] }> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  contexts.push(context);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.errors.push(msg.text());
  });
  // Every page.goto into the app waits until the app has taken over its prerendered HTML.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((await page.locator('#root').count()) > 0) await appReady(page);
    return response;
  };
  return page;
}

/**
 * Waits until the app has taken over the page: the home page and the page frame are prerendered
 * HTML, visible (and clickable as plain links) before the script has run and attached its handlers.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * Starts every load of `page` with `slices` saved in the browser, as the app's redux-persist
 * writes them under 'persist:layerloft' (a returning shopper's token, cart, lists). With
 * `firstLoadOnly` they are put there only while nothing is saved, so what the app saves later
 * survives a reload.
 */
export async function startWithSaved(page: Page, slices: Record<string, unknown>, { firstLoadOnly = false } = {}): Promise<void> {
  await page.addInitScript(
    ([saved, onlyFirst]) => {
      if (onlyFirst && localStorage.getItem('persist:layerloft')) return;
      const entries = Object.entries({ ...saved, _persist: { version: 1, rehydrated: true } }).map(([k, v]) => [k, JSON.stringify(v)]);
      localStorage.setItem('persist:layerloft', JSON.stringify(Object.fromEntries(entries)));
    },
    [slices, firstLoadOnly] as const,
  );
}

/** Saves a screenshot (full page unless told) under test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // An open dialog or drawer is fixed to the viewport: a full-page picture shows it over the first screen only.
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** True when every <img> currently in the page finished loading with real pixels. */
export async function brokenImages(page: Page, selector = 'img'): Promise<string[]> {
  return page.$$eval(selector, (imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );
}

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});
