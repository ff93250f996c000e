import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable, salePrice } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/types';
import { selectProductSelection } from '../../src/features/catalog/catalogSlice';
import { selectStoreQuery } from '../../src/features/catalog/storeView';
import { selectChatMessages, selectChatPhase } from '../../src/features/chat/chatSelectors';
import { selectCheckoutDraft } from '../../src/features/checkout/checkoutSlice';
import { diffStates, parseActionLog, replayActionLog, serializeActionLog, type ActionLog, type ActionLogFile, type LogState } from '../../src/features/qa/actionLog';
import { REDACTED } from '../../src/store/devtools';
import { createReplayReducer } from '../../src/features/qa/recorder';
import { selectUserProfile } from '../../src/features/session/sessionSelectors';
import { rootReducer, type RootState } from '../../src/store/store';
import { loadAllEndpoints } from '../utils/endpoints';
import { appReady, baseUrl, dataDir, DESKTOP, newPage, PHONE, screenshot, seeded } from './browser';

/**
 * The QA recorder in a real browser: a session recorded with the QA panel, downloaded,
 * loaded into a fresh page and replayed to the same cart, wishlist and session; and the golden
 * logs of tests/replay/fixtures, recorded here from real sessions (written when RECORD_GOLDEN=1,
 * checked by every run: each recorded log replays in Node to the state the page had).
 *
 * A recording lives in the page's memory, so every step below navigates inside the app
 * (`spaGoto`), never with a full page load — except the payment page, which leaves the app.
 */
const fixturesDir = path.resolve(import.meta.dirname, '../replay/fixtures');
const PASSWORD = 'replay me 12345';

let products: Product[] = [];
let a: Product;
let b: Product;
let c: Product;

beforeAll(async () => {
  await loadAllEndpoints();
  products = seeded(((await (await fetch(`${baseUrl()}/api/product/list`)).json()) as { products: Product[] }).products);
  const simple = products.filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  if (simple.length < 3) throw new Error('the seeded catalog lacks simple products');
  [a, b, c] = [simple[3] ?? simple[0]!, simple[4] ?? simple[1]!, simple[5] ?? simple[2]!];
});

const keyOf = (p: Product) => `${p._id}_${p.colorVariants[0]!.color}|`;

async function register(name: string): Promise<{ email: string; token: string }> {
  const email = `qa.${name}.${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Quinn Tester', email, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, token: ((await res.json()) as { token: string }).token };
}

async function serverPost(pathname: string, token: string, data: unknown = {}) {
  const res = await fetch(`${baseUrl()}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(data) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Client-side navigation (what a link click does), so the in-memory recording survives. */
async function spaGoto(page: Page, to: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === to);
}

const panel = (page: Page) => page.getByRole('region', { name: 'QA panel' });

/**
 * Opens the app in QA mode: the recorder runs from page load and the panel opens. `close` puts it
 * away (recording goes on) so it covers nothing the test clicks, as a tester would.
 */
async function openQa(page: Page, { close = false } = {}) {
  await page.goto('/?qa=1');
  await panel(page).waitFor();
  await expect.poll(() => panel(page).getByTestId('qa-recorder-status').textContent()).toMatch(/^Recording/);
  if (close) await panel(page).getByRole('button', { name: 'Close the QA panel' }).click();
}

/** The QA panel, opened from its button if it was closed. */
async function reopen(page: Page) {
  if (await panel(page).isVisible()) return;
  await page.getByRole('button', { name: 'Open the QA panel' }).click();
  await panel(page).waitFor();
}

async function addProduct(page: Page, product: Product) {
  await spaGoto(page, `/product/${product._id}`);
  // The previous screen may still be up for a moment (lazy routes): wait for this product's page.
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('group', { name: /^Color/ }).getByRole('button', { name: product.colorVariants[0]!.color }).click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Added to cart' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Continue shopping' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function heart(page: Page, product: Product) {
  await spaGoto(page, `/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).first().click();
}

async function logIn(page: Page, email: string) {
  await spaGoto(page, '/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

const headerLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

/** Clicks a panel button that downloads a file and returns the file's text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: button }).click()]);
  const to = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qa-')), file.suggestedFilename());
  await file.saveAs(to);
  return { name: file.suggestedFilename(), text: fs.readFileSync(to, 'utf8') };
}

function parse(text: string): ActionLog {
  const parsed = parseActionLog(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.log;
}

/** The recorded log replayed in Node through the real reducers. */
const replayInNode = (log: ActionLog) => replayActionLog(log, () => createReplayReducer(rootReducer)).at(-1)!;

/** Waits until no action was recorded for a while (background syncs and pushes finished). */
async function settled(page: Page) {
  // The count is read from the panel's text, which stays in the page while the panel is closed.
  const count = async () => Number(await page.getByTestId('qa-action-count').textContent());
  await page.getByTestId('qa-action-count').waitFor({ state: 'attached' });
  const until = Date.now() + 15_000;
  let last = await count();
  for (;;) {
    await page.waitForTimeout(800);
    const now = await count();
    if (now === last || Date.now() > until) return;
    last = now;
  }
}

/** Lets background work finish, then stops and downloads the log. */
async function stopAndDownload(page: Page) {
  await settled(page);
  await reopen(page);
  await panel(page).getByRole('button', { name: 'Stop recording' }).click();
  return download(page, 'Download log');
}

/** Every golden log must replay in Node to the state the page had; with RECORD_GOLDEN=1 it is saved. */
function checkGolden(name: string, text: string): ActionLog {
  const log = parse(text);
  expect(log.finalState).not.toBeNull();
  expect(diffStates(log.finalState, replayInNode(log))).toEqual([]);
  if (process.env.RECORD_GOLDEN === '1') {
    fs.mkdirSync(fixturesDir, { recursive: true });
    // The final state goes to its own pretty-printed file (readable in review), not twice.
    fs.writeFileSync(path.join(fixturesDir, `${name}.log.json`), serializeActionLog({ ...(JSON.parse(text) as ActionLogFile), finalState: undefined }));
    fs.writeFileSync(path.join(fixturesDir, `${name}.expected.json`), `${JSON.stringify(log.finalState, null, 2)}\n`);
  }
  return log;
}

/** What the tester sees (the panel is fixed to the viewport; a full-page shot would bury it). */
async function viewportShot(page: Page, name: string) {
  const file = await screenshot(page, name);
  await page.screenshot({ path: file });
}

/** The staff CLI (`npm run staff`) against the e2e server, as tests/e2e/orders-chat.test.ts uses it. */
async function staff(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.STAFF_EMAIL;
  delete env.STAFF_PASSWORD;
  const root = path.resolve(import.meta.dirname, '../..');
  const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/staff.ts', ...args, '--server', baseUrl()], { cwd: root, env });
  return stdout.trim();
}

const slice = (state: LogState | null, key: string) => (state as Record<string, unknown>)[key];
const wishlistQuery = (state: LogState | null) =>
  (slice(state, 'api') as { queries: Record<string, { data?: unknown }> }).queries['getWishlist(undefined)']?.data;

describe('QA action log in a real browser', () => {
  it('records a session with the QA panel, and a fresh page replays it to the same cart, wishlist and session', async () => {
    const { email, token } = await register('panel');
    await serverPost('/api/cart/add', token, { itemId: c._id, color: `${c.colorVariants[0]!.color}|`, quantity: 2 });

    // --- record -----------------------------------------------------------------------------
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await addProduct(page, a);
    await heart(page, a);
    await headerLink(page, 'Wishlist, 1 item').waitFor();
    await logIn(page, email);
    // Login merge: the server's line joins the local one; the guest heart is pushed.
    await headerLink(page, 'Cart, 3 items').waitFor();
    await settled(page);
    await heart(page, b);
    await headerLink(page, 'Wishlist, 2 items').waitFor();
    await reopen(page);
    expect(Number(await panel(page).getByTestId('qa-action-count').textContent())).toBeGreaterThan(20);

    const logFile = await stopAndDownload(page);
    expect(logFile.name).toMatch(/^layerloft-log-.*\.json$/);
    // Secrets never leave the browser.
    const liveToken = await page.evaluate(() => (JSON.parse(JSON.parse(localStorage.getItem('persist:layerloft')!).session) as { token: string }).token);
    expect(liveToken).toMatch(/^eyJ/);
    expect(logFile.text).not.toContain(liveToken);
    expect(logFile.text).not.toContain(PASSWORD);
    expect(logFile.text).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/);
    const log = checkGolden('login-merge', logFile.text);
    const recorded = log.finalState!;
    expect(slice(recorded, 'cart')).toMatchObject({ items: { [keyOf(a)]: 1, [keyOf(c)]: 2 } });
    expect(slice(recorded, 'session')).toMatchObject({ status: 'authenticated', token: REDACTED });
    expect(selectUserProfile(recorded as unknown as RootState)).toMatchObject({ name: 'Quinn Tester', email });
    expect(wishlistQuery(recorded)).toEqual([a._id, b._id]);

    // --- replay in a fresh page ---------------------------------------------------------------
    const fresh = await newPage(DESKTOP);
    await openQa(fresh);
    const input = panel(fresh).getByLabel('Log file');
    // A foreign file is refused as a whole.
    await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
    await panel(fresh).getByRole('alert').getByText(/This file cannot be replayed: it is not a LayerLoft action log/).waitFor();
    await headerLink(fresh, 'Cart, 0 items').waitFor();

    await input.setInputFiles({ name: logFile.name, mimeType: 'application/json', buffer: Buffer.from(logFile.text) });
    await panel(fresh).getByText(`Ready: ${log.actions.length} steps. Step through or replay all.`).waitFor();
    const apiCalls: string[] = [];
    fresh.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await panel(fresh).getByRole('button', { name: 'Replay all' }).click();
    await expect.poll(() => panel(fresh).getByTestId('qa-replay-position').textContent()).toMatch(new RegExp(`^Step ${log.actions.length} of ${log.actions.length}`));
    await headerLink(fresh, 'Cart, 3 items').waitFor();
    await headerLink(fresh, 'Wishlist, 2 items').waitFor();
    // The tester browses during the replay: the page goes to /cart and stays there (the replayed
    // location, a product page, drives the router only when a step is shown).
    await spaGoto(fresh, '/cart');
    await fresh.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: c.name }).waitFor();
    await viewportShot(fresh, 'qa-panel-replay-1440');

    const replayed = JSON.parse((await download(fresh, 'Download state')).text) as LogState;
    expect(new URL(fresh.url()).pathname).toBe('/cart');
    expect(await fresh.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: c.name }).isVisible()).toBe(true);
    for (const key of ['cart', 'saved', 'wishlist', 'session', 'checkout']) expect(slice(replayed, key), key).toEqual(slice(recorded, key));
    expect(wishlistQuery(replayed)).toEqual(wishlistQuery(recorded));
    expect(slice(replayed, 'session')).toMatchObject({ status: 'authenticated', token: REDACTED });
    expect(selectUserProfile(replayed as unknown as RootState)).toMatchObject({ name: 'Quinn Tester', email });
    // The replayed app never talked to the server, and never stored the replayed session.
    expect(apiCalls).toEqual([]);
    expect(await fresh.evaluate(() => localStorage.getItem('persist:layerloft') ?? '')).not.toContain(REDACTED);

    // Step by step: previous, and a jump back to the start.
    await panel(fresh).getByRole('button', { name: 'Previous step' }).click();
    await expect.poll(() => panel(fresh).getByTestId('qa-replay-position').textContent()).toMatch(new RegExp(`^Step ${log.actions.length - 1} of`));
    await panel(fresh).getByLabel('Jump to step').fill('0');
    await panel(fresh).getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => panel(fresh).getByTestId('qa-replay-position').textContent()).toMatch(/^Step 0 of .* the recorded start state/);
    await headerLink(fresh, 'Cart, 0 items').waitFor();

    // Leaving the replay gives the page its own (empty, anonymous) state back.
    await panel(fresh).getByRole('button', { name: 'Exit replay' }).click();
    await headerLink(fresh, 'Cart, 0 items').waitFor();
    const own = JSON.parse((await download(fresh, 'Download state')).text) as LogState;
    expect(slice(own, 'session')).toMatchObject({ status: 'anonymous', token: null });
    // The replay flag is down; the loaded log stays in the panel's session (store state), at the step last shown.
    expect(slice(own, 'qa')).toMatchObject({ replaying: false, position: 0, error: null, log: { steps: expect.any(Array) } });
    expect(page.errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
  });

  it('fits a phone: the panel opens with Ctrl+Shift+Q and closes to a QA button', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    await appReady(page);
    expect(await panel(page).count()).toBe(0);
    await page.keyboard.press('Control+Shift+Q');
    await panel(page).waitFor();
    // Not recording outside QA mode until asked.
    await expect.poll(() => panel(page).getByTestId('qa-recorder-status').textContent()).toMatch(/^Not recording/);
    await panel(page).getByRole('button', { name: 'Start recording' }).click();
    // On a phone the panel covers most of the screen: close it to shop (recording goes on), reopen it.
    await page.keyboard.press('Control+Shift+Q');
    await panel(page).waitFor({ state: 'hidden' });
    await addProduct(page, a);
    await page.keyboard.press('Control+Shift+Q');
    await panel(page).waitFor();
    await expect.poll(async () => Number(await panel(page).getByTestId('qa-action-count').textContent())).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await viewportShot(page, 'qa-panel-375');
    await panel(page).getByRole('button', { name: 'Close the QA panel' }).click();
    await panel(page).waitFor({ state: 'hidden' });

    // In QA mode a closed panel leaves a button to bring it back (phones have no keyboard).
    const qa = await newPage(PHONE);
    await openQa(qa);
    await panel(qa).getByRole('button', { name: 'Close the QA panel' }).click();
    await qa.getByRole('button', { name: 'Open the QA panel' }).click();
    await panel(qa).waitFor();
    expect(page.errors).toEqual([]);
  });
});

describe('golden replays recorded from real sessions', () => {
  it('browse and add to cart (guest): two products, a quantity change, save for later', async () => {
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await spaGoto(page, '/collection');
    await page.getByRole('link', { name: new RegExp(a.name) }).first().waitFor();
    await addProduct(page, a);
    await addProduct(page, b);
    await spaGoto(page, '/cart');
    const line = (p: Product) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: p.name });
    await line(a).getByRole('button', { name: /increase/i }).click();
    await line(b).getByRole('button', { name: /save .*for later/i }).click();
    await page.getByRole('list', { name: 'Saved for later' }).getByRole('listitem', { name: b.name }).waitFor();
    const log = checkGolden('browse-add-to-cart', (await stopAndDownload(page)).text);
    expect(slice(log.finalState, 'cart')).toMatchObject({ items: { [keyOf(a)]: 2 } });
    expect(slice(log.finalState, 'saved')).toMatchObject({ items: { [keyOf(b)]: 1 } });
    expect(page.errors).toEqual([]);
  });

  it('wishlist rollback: the server refuses a heart, the list flips back', async () => {
    const { email } = await register('rollback');
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await logIn(page, email);
    await heart(page, a);
    await headerLink(page, 'Wishlist, 1 item').waitFor();
    await settled(page);
    await page.route('**/api/wishlist/add', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Server down' }) }));
    await heart(page, b);
    await page.getByText('Could not update your wishlist. Please try again.').waitFor();
    await headerLink(page, 'Wishlist, 1 item').waitFor();
    const log = checkGolden('wishlist-rollback', (await stopAndDownload(page)).text);
    expect(wishlistQuery(log.finalState)).toEqual([a._id]);
    expect(log.actions.some((x) => x.type === 'api/executeMutation/rejected')).toBe(true);
    expect(page.errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  });

  it('checkout: place the order (up to the payment page), then the return from payment', async () => {
    const { email } = await register('checkout');
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await logIn(page, email);
    await addProduct(page, a);
    await spaGoto(page, '/place-order');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Quinn');
    await page.getByLabel('Street address').fill('12 Replay Way');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').selectOption('OR');
    await page.getByLabel('ZIP code').fill('97201');
    await page.getByLabel('Phone').fill('5035550142');
    await page.getByLabel('Discount code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('WELCOME10 · 10% off').waitFor();
    // The hand-over to the payment page would unload the recording: a 204 keeps the page here.
    let payUrl = '';
    await page.route('**/pay/**', (route) => {
      payUrl = route.request().url();
      return route.fulfill({ status: 204 });
    });
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect.poll(() => payUrl).toMatch(/\/pay\/cs_ll_/);
    const placed = checkGolden('checkout-place-order', (await stopAndDownload(page)).text);
    expect(slice(placed.finalState, 'checkout')).toMatchObject({ status: 'redirecting' });
    expect(placed.actions.map((x) => x.type)).toEqual(expect.arrayContaining(['checkout/orderSubmitted', 'checkout/orderValidated', 'checkout/sessionCreated']));

    // Pay; the return page loads the app again, still in QA mode (remembered), recording afresh.
    await page.unroute('**/pay/**');
    await page.goto(payUrl);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Quinn Tester');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL('**/order-placed');
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
    await headerLink(page, 'Cart, 0 items').waitFor();
    const verified = checkGolden('checkout-verify', (await stopAndDownload(page)).text);
    expect(slice(verified.finalState, 'checkout')).toMatchObject({ status: 'placed' });
    expect(verified.actions.some((x) => x.type === 'checkout/orderPlaced')).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('chat: the shopper writes to support from My Orders and a staff reply arrives live', async () => {
    const { email } = await register('chat');
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await logIn(page, email);
    await spaGoto(page, '/orders');
    await page.getByRole('heading', { level: 1, name: 'MY ORDERS' }).waitFor();
    await page.getByRole('button', { name: /Contact Support/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Chat' });
    await dialog.getByText('No messages yet.').waitFor();
    await dialog.getByPlaceholder('Type a message…').fill('My figure arrived without its cape.');
    await page.keyboard.press('Enter');
    await dialog.getByText('My figure arrived without its cape.', { exact: true }).waitFor();
    await staff('reply', '--email', email, '--text', 'Sorry! A cape is on its way.');
    await dialog.getByText('Sorry! A cape is on its way.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const log = checkGolden('chat', (await stopAndDownload(page)).text);
    expect(log.actions.map((x) => x.type)).toEqual(expect.arrayContaining(['realtime/messageReceived']));
    // The thread lives in the conversation's cache entry, dropped once the chat closed: the replay
    // passes through the open chat showing the reply, and ends with the chat closed.
    const thread = replayActionLog(log, () => createReplayReducer(rootReducer)).map((st) => selectChatMessages(st as unknown as RootState).map((m) => m.body));
    expect(thread).toContainEqual(['My figure arrived without its cape.', 'Sorry! A cape is on its way.']);
    expect(selectChatPhase(log.finalState as unknown as RootState)).toBe('closed');
    expect(page.errors).toEqual([]);
  });

  it('the tester’s story: a filtered store page, a product’s colour and size, Buy now, the typed address', async () => {
    // The demo catalog has 11 Figures up to $40, one page: up to $45 (14) gives the story its page 2.
    const MAX_PRICE = 45;
    const STREET = '1 Replay Street';
    const PAGE_TWO = /^Showing 13–(\d+) of \1 products$/;
    const figures = products.filter((p) => p.mainCategory === 'Figures' && !p.notAvailableYet && salePrice(p) <= MAX_PRICE);
    expect(figures.length, 'Figures up to the price must fill more than one page').toBeGreaterThan(12);
    const product = products.find((p) => isPurchasable(p) && p.colorVariants.length > 1 && p.clothingSizes.length > 1);
    if (!product) throw new Error('the seeded catalog lacks a product with colours and sizes');
    const color = product.colorVariants[1]!.color;
    const size = product.clothingSizes[1]!;

    const { email } = await register('story');
    const page = await newPage(DESKTOP);
    await openQa(page, { close: true });
    await logIn(page, email);
    await spaGoto(page, '/collection');
    await page.getByRole('tab', { name: 'Figures' }).click();
    await page.waitForURL((u) => u.searchParams.get('category') === 'Figures');
    const slider = page.getByRole('slider', { name: 'Maximum price' });
    await slider.focus();
    for (let v = 150; v > MAX_PRICE; v -= 5) await page.keyboard.press('ArrowLeft');
    await page.waitForURL((u) => u.searchParams.get('priceRange') === String(MAX_PRICE));
    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    // Page 2 of the filtered list (its total is the seed's unless the staff catalog test, running beside
    // this file, has just added a figure).
    await page.getByText(PAGE_TWO).waitFor();

    // Opening the product as a link would (it need not be on page 2).
    await spaGoto(page, `/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('group', { name: /^Color/ }).getByRole('button', { name: color }).click();
    await page.getByRole('group', { name: /^Size/ }).getByRole('button', { name: size, exact: true }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL('**/place-order');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Quinn');
    await page.getByLabel('Street address').fill(STREET);
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').selectOption('OR');
    await page.getByLabel('ZIP code').fill('97201');
    await page.getByLabel('Phone').fill('5035550142');

    const logFile = await stopAndDownload(page);
    const log = checkGolden('store-product', logFile.text);
    expect(selectCheckoutDraft(log.finalState as unknown as RootState).form).toMatchObject({ street: STREET, city: 'Portland', state: 'OR', zipcode: '97201' });
    const states = replayActionLog(log, () => createReplayReducer(rootReducer));
    const storeStep = states.findLastIndex((st) => (st as unknown as RootState).router?.location.pathname === '/collection');
    expect(selectStoreQuery(states[storeStep] as unknown as RootState)).toMatchObject({ category: 'Figures', maxPrice: MAX_PRICE, page: 2 });
    expect(selectProductSelection(log.finalState as unknown as RootState, product._id)).toMatchObject({ color, size });
    expect((log.finalState as unknown as RootState).router.location).toMatchObject({ pathname: '/place-order', state: { productId: product._id, variant: `${color}|${size}`, quantity: 1 } });

    // --- a fresh page replays it: the filtered store page, then the filled form -------------------
    const fresh = await newPage(DESKTOP);
    await openQa(fresh);
    await panel(fresh).getByLabel('Log file').setInputFiles({ name: logFile.name, mimeType: 'application/json', buffer: Buffer.from(logFile.text) });
    await panel(fresh).getByText(`Ready: ${log.actions.length} steps. Step through or replay all.`).waitFor();
    await panel(fresh).getByLabel('Jump to step').fill(String(storeStep));
    await panel(fresh).getByRole('button', { name: 'Go', exact: true }).click();
    await fresh.waitForURL((u) => u.pathname === '/collection' && u.searchParams.get('page') === '2');
    await fresh.getByRole('heading', { level: 1, name: 'Figures' }).waitFor();
    await fresh.getByText(`Up to $${MAX_PRICE}.00`).first().waitFor();
    await fresh.getByText(PAGE_TWO).waitFor();
    await viewportShot(fresh, 'qa-replay-store-1440');

    // The step before Buy now: the product page with the picked colour and size.
    await panel(fresh).getByLabel('Jump to step').fill(String(log.actions.findIndex((a) => a.type === 'catalog/buyNowPressed')));
    await panel(fresh).getByRole('button', { name: 'Go', exact: true }).click();
    await fresh.waitForURL((u) => u.pathname === `/product/${product._id}`);
    await fresh.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await fresh.getByText(`Color: ${color}`).waitFor();
    await fresh.getByText(`Size: ${size}`).waitFor();
    await panel(fresh).getByRole('button', { name: 'Replay all' }).click();
    await expect.poll(() => panel(fresh).getByTestId('qa-replay-position').textContent()).toMatch(new RegExp(`^Step ${log.actions.length} of ${log.actions.length}`));
    await fresh.waitForURL('**/place-order');
    await expect.poll(() => fresh.getByLabel('Street address').inputValue()).toBe(STREET);
    await expect.poll(() => fresh.getByLabel('City').inputValue()).toBe('Portland');
    // The panel sits over the delivery form: put it away for the shot (the replayed state stays).
    await panel(fresh).getByRole('button', { name: 'Close the QA panel' }).click();
    await panel(fresh).waitFor({ state: 'hidden' });
    expect(await fresh.getByLabel('Street address').inputValue()).toBe(STREET);
    await viewportShot(fresh, 'qa-replay-checkout-1440');
    expect(page.errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
  });
});
