/** axe-core injected into a real page: the serious and critical violations, told readably. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/**
 * The app's CSP is `script-src 'self'`, so `page.addScriptTag` (an inline <script>) is refused, as
 * it should be; the source is evaluated through the DevTools protocol instead, which CSP does not
 * govern, and the page keeps its real policy.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe over the page (or the element matched by `include`) with the WCAG 2.x A/AA and
 * best-practice rules, and returns one line per serious or critical violation and node.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Colours are judged at rest: a button fading in (MUI's 250 ms transitions) has the contrast of
  // neither end. Endless animations (a spinner) never finish: after 2 s axe runs anyway.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2000 })
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(context ? { include: [context] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })) }));
  }, include ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `[${v.impact}] ${v.id}: ${v.help} — ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)})` : ''}`));
}
