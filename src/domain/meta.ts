import { formatMoneyShort, toDollars } from './money';
import { FREE_SHIPPING_THRESHOLD_CENTS } from './shipping';
import { trimEndSpaceAnd } from './text';

/**
 * Page titles and descriptions, one format for the client (document.title as the shopper moves
 * around) and the server (the HTML it serves for /product/{id} and /bundle/{id}, read by link
 * previews and crawlers that run no JavaScript).
 */
export const SITE_NAME = 'LayerLoft';
export const HOME_TITLE = `${SITE_NAME} — 3D-printed figures, fidgets & décor`;
export const DEFAULT_DESCRIPTION = `Collectible figures, fidgets, décor and widgets, 3D-printed in vivid colours. Limited-time bundles and free shipping on orders of ${formatMoneyShort(toDollars(FREE_SHIPPING_THRESHOLD_CENTS))} or more.`;

/** '<name> | LayerLoft'; the home title when there is no name. */
export function pageTitle(name?: string | null): string {
  const n = name?.replace(/\s+/g, ' ').trim();
  return n ? `${n} | ${SITE_NAME}` : HOME_TITLE;
}

/** One line of at most `max` characters, cut at a word with an ellipsis; the default when empty. */
export function metaDescription(text?: string | null, max = 160): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return DEFAULT_DESCRIPTION;
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${trimEndSpaceAnd(atWord > max * 0.6 ? cut.slice(0, atWord) : cut, ',;:.–—-')}…`;
}
