import { jsonForScript } from '../lib/spaMeta';

/**
 * A page's form posted to the page itself. Every form the app renders is `method="post"` (lint rule
 * in eslint.config.js): once the app runs, its onSubmit handles the form; before any script has
 * run (a slow network), Enter in a field posts it here instead of putting its fields, a password
 * among them, in the address as a GET would. The answer is the same page with what was typed, so
 * nothing is lost: src/boot.ts puts the values back into the page's fields by name, and the
 * shopper sends the form again with the app there. Secrets are never sent back.
 */

/** The id of the data block boot.ts reads the values from (its POSTED_FIELDS). */
export const POSTED_FIELDS_ID = 'posted-fields';

/** Fields whose value never goes back into a page: passwords, tokens, card details. */
const SECRET_NAME = /pass|secret|token|card|cvc|cvv/i;
const MAX_FIELDS = 50;
const MAX_VALUE_LENGTH = 10_000;

/** The values of an `application/x-www-form-urlencoded` body worth giving back (the last value of a repeated name wins). */
export function postedValues(body: string): Record<string, string> {
  const values: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (!name || SECRET_NAME.test(name) || value.length > MAX_VALUE_LENGTH) continue;
    if (!(name in values) && ++count > MAX_FIELDS) break;
    values[name] = value;
  }
  return values;
}

/** The page's HTML with `values` in a data block for boot.ts (never run: the CSP allows no inline script). */
export function withPostedValues(html: string, values: Record<string, string>): string {
  if (Object.keys(values).length === 0) return html;
  const block = `<script type="application/json" id="${POSTED_FIELDS_ID}">${jsonForScript(values)}</script>`;
  const end = html.lastIndexOf('</body>');
  return end < 0 ? `${html}${block}` : `${html.slice(0, end)}${block}\n  ${html.slice(end)}`;
}
