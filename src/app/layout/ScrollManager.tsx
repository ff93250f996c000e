import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const HASH_WAIT_MS = 3000;

/**
 * Scrolls to the top on navigation, or to `#anchor` when the url has one (e.g. /#bundles from
 * the bundle page). Lazy pages render after navigation, so the anchor is awaited for a moment.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);

  // After a client-side navigation, keyboard and screen-reader users start at the new page's
  // content (as after a full page load), not on the link they used in the old one.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    // A dialog or field that took focus on the new page keeps it.
    if (active && active !== document.body && !active.closest('header, nav, footer, main a, main button')) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const started = performance.now();
    let frame = 0;
    const seek = () => {
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
        return;
      }
      if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}
