/**
 * QA mode: `?qa=1` switches it on for this browser (remembered in localStorage, so a
 * tester keeps recording across pages and reloads), `?qa=0` switches it off. In QA mode the
 * recorder runs from page load and the QA panel opens; elsewhere Ctrl+Shift+Q opens the panel.
 */
export const QA_FLAG_KEY = 'layerloft:qa';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads (and, for `?qa=…`, remembers) the QA flag. Never throws (storage may be blocked). */
export function readQaMode(search: string, storage: FlagStorage | undefined): boolean {
  const param = new URLSearchParams(search).get('qa');
  const on = param === '1' || param === 'true';
  const off = param === '0' || param === 'false';
  try {
    if (on) storage?.setItem(QA_FLAG_KEY, '1');
    else if (off) storage?.removeItem(QA_FLAG_KEY);
    else return storage?.getItem(QA_FLAG_KEY) === '1';
  } catch {
    // Storage blocked: the query parameter alone decides.
  }
  return on;
}

/** The browser's localStorage, or undefined where reading it throws. */
export function browserStorage(): FlagStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}
