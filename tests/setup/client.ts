import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { attachToastOutlet } from '../../src/features/ui/toastOutlet';
import { mswServer } from '../utils/msw';

// Lazy routes and MUI renders are slow on a loaded 2-core machine: findBy* waits up to 8 s.
// Nothing here asserts speed (benchmarks do that), so a longer wait only costs time on failure.
configure({ asyncUtilTimeout: 8000 });

// Files marked `@vitest-environment node` (the prerender) have no window at all.
const inBrowserLike = typeof window !== 'undefined';

// MUI's useMediaQuery and our reduced-motion checks read matchMedia, which jsdom lacks.
// Default: a desktop-width screen that does not prefer reduced motion.
if (inBrowserLike && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: /min-width:\s*(\d+)/.test(query) ? Number(/min-width:\s*(\d+)/.exec(query)![1]) <= 1280 : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
// jsdom does not implement scrolling.
if (inBrowserLike) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  // Toasts a test asked for with no host mounted would show in the next test's host: hand them to
  // an outlet that drops them.
  attachToastOutlet(() => undefined)();
  if (inBrowserLike) localStorage.clear();
});
afterAll(() => mswServer.close());
