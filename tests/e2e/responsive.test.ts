import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './browser';
import { makeFixtures, ROUTES, shopperPage, visit, type Fixtures, type SweepPage } from './routes';

/**
 * Every route at 375, 768 and 1440 px: a full-page screenshot saved under
 * test-output/screenshots/sweep-<route>-<width>.png to be looked at, no horizontal scroll, and on a
 * phone every control a finger can hit at least 44 × 44 px.
 */
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

/** Smallest comfortable touch target (Apple HIG / WCAG 2.5.5). */
const MIN_TARGET = 44;

/**
 * Visible controls smaller than 44 px in either direction. Links inside running text are exempt
 * (WCAG 2.5.5's inline exception), and so is an element whose own hit area is grown by a
 * pseudo-element (a stretched card link is the card).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="slider"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const out: string[] = [];
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') || (el as HTMLElement).innerText?.trim().slice(0, 40) || el.getAttribute('name') || el.id || el.className.toString().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`;
    };
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.matches(':disabled')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let r: { width: number; height: number } = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Visually hidden (skip link until focused).
      if (r.width <= 1 || r.height <= 1 || style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      // Inputs hidden under a styled control (MUI checkboxes, radios, switches): measure the control,
      // or the whole label row when the label takes the tap too.
      if (el.tagName === 'INPUT' && (style.opacity === '0' || ['checkbox', 'radio', 'range'].includes((el as HTMLInputElement).type))) {
        const host = el.closest('label') ?? el.parentElement;
        if (host) r = host.getBoundingClientRect();
      }
      // A text field's hit area is its whole box (clicking the box focuses the input).
      const box = el.closest('.MuiInputBase-root');
      if (box && el !== box) {
        const b = box.getBoundingClientRect();
        r = { width: Math.max(r.width, b.width), height: Math.max(r.height, b.height) };
      }
      // A link in running text (also a link-styled button in a sentence).
      if ((el.tagName === 'A' || el.classList.contains('MuiLink-button')) && (style.display === 'inline' || style.display === 'inline-block')) {
        const parent = el.parentElement;
        const text = parent ? (parent.innerText ?? '').trim() : '';
        if (parent && text.length > (el.innerText ?? '').trim().length + 1) continue;
      }
      // A hit area grown by an invisible ::after (components/tapArea.ts), or a stretched link whose
      // ::after covers its card (positioned against the card, so as big as the card).
      const after = getComputedStyle(el, '::after');
      let w = r.width;
      let h = r.height;
      if (after.content !== 'none' && after.content !== 'normal' && after.position === 'absolute') {
        if (style.position === 'static') continue;
        w = Math.max(w, parseFloat(after.width) || 0);
        h = Math.max(h, parseFloat(after.height) || 0);
      }
      if (w + 0.5 < min || h + 0.5 < min) out.push(`${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, MIN_TARGET);
}

/** Collects the page's cumulative layout shift from its first paint (CDP init script: the CSP does not apply). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        const node = e.sources?.[0]?.node as HTMLElement | undefined;
        w.__shifts.push(`${e.value.toFixed(3)} ${node?.tagName ?? ''}.${(node?.className ?? '').toString().slice(0, 60)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Images sized against layout shift: every <img> carries width and height; one that starts more
 * than a screen below the first one's fold is lazy; one on the first screen is not.
 */
async function imageProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const img of document.images) {
      const src = (img.getAttribute('src') ?? '').split('/').pop();
      if (!img.getAttribute('width') || !img.getAttribute('height')) out.push(`unsized: ${src}`);
      if (img.closest('[aria-hidden="true"], [inert]')) continue;
      const top = img.getBoundingClientRect().top + window.scrollY;
      if (top > window.innerHeight * 2 && img.loading !== 'lazy') out.push(`eager below the fold (${Math.round(top)}px): ${src}`);
      if (top < window.innerHeight * 0.75 && img.getBoundingClientRect().width > 120 && img.loading === 'lazy') out.push(`lazy on the first screen (${Math.round(top)}px): ${src}`);
    }
    return out;
  });
}

/** Scrolls through the page so lazy images load (a full-page screenshot does not scroll), then back up. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  // Every picture the scroll reached; a lazy one off the page's width (a carousel's later slides,
  // drawn once the shopper reaches for them) never loads, and waiting for it cost 10 s a page.
  await page
    .waitForFunction(
      () =>
        [...document.images].every((i) => {
          if (i.complete) return true;
          const box = i.getBoundingClientRect();
          return i.loading === 'lazy' && (box.width === 0 || box.right <= 0 || box.left >= window.innerWidth);
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures('responsive');
});

describe('the phone overlays', () => {
  it('mobile menu and filter drawer: 44 px tap targets, no horizontal scroll; screenshots', async () => {
    const page = await shopperPage(fx, WIDTHS[0]);
    await page.goto('/collection');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu .MuiDrawer-paper').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    await screenshot(page, 'sweep-mobile-menu-375', { fullPage: false });
    expect(await smallTargets(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('#mobile-menu .MuiDrawer-paper').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: /^Show \d+ results?/ }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    await screenshot(page, 'sweep-filter-drawer-375', { fullPage: false });
    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

for (const viewport of WIDTHS) {
  describe(`every route at ${viewport.width} px`, () => {
    let shopper: SweepPage;
    let guest: SweepPage;
    beforeAll(async () => {
      shopper = await shopperPage(fx, viewport);
      guest = await newPage(viewport);
      await watchLayoutShift(shopper);
      await watchLayoutShift(guest);
    });
    afterAll(async () => {
      await shopper.context().close();
      await guest.context().close();
    });

    for (const route of ROUTES) {
      it(`${route.name}: screenshot, no horizontal scroll, no layout shift, sized images${viewport.width < 600 ? ', 44 px tap targets' : ''}`, async () => {
        const page = route.as === 'shopper' ? shopper : guest;
        await visit(page, route, fx);
        // Skeletons hold the content's place: no layout shift when the data arrives.
        const shift = await page.evaluate(() => {
          const w = window as unknown as { __cls?: number; __shifts?: string[] };
          return { cls: w.__cls ?? 0, shifts: w.__shifts ?? [] };
        });
        expect(shift.cls, `layout shift: ${shift.shifts.join('; ')}`).toBeLessThan(0.1);
        expect(await imageProblems(page)).toEqual([]);
        await loadLazyImages(page);
        await screenshot(page, `sweep-${route.name}-${viewport.width}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'horizontal scroll in px').toBeLessThanOrEqual(0);
        if (viewport.width < 600) expect(await smallTargets(page)).toEqual([]);
      });
    }
  });
}
