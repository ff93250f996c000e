import type { ComponentType } from 'react';

/**
 * Where the store's filter panel (StoreFilters: the panel and MUI's Slider, ~7 KB compressed) is
 * loaded. On a phone the sidebar is hidden and the panel's code is not loaded until the Filters
 * drawer opens (the sidebar the server drew stays there, hidden and not hydrated); from 900 px
 * the store route waits for it (app/routes.tsx), so the sidebar is hydrated like the rest of the
 * page and a filter clicked before the app started counts (src/boot.ts hands the click over).
 */

/** The width from which the filters are a sidebar beside the grid (the theme's `md`). */
const SIDEBAR_MEDIA = '(min-width: 900px)';

type StoreFiltersComponent = ComponentType<{ idPrefix: string }>;
let loaded: StoreFiltersComponent | undefined;

/** The panel, once its code is here (drawn at once, without suspending). */
export const loadedStoreFilters = (): StoreFiltersComponent | undefined => loaded;

export function loadStoreFilters(): Promise<StoreFiltersComponent> {
  return import('./StoreFilters').then((module) => (loaded = module.default));
}

/** Whether the sidebar is on screen (true on the server and where the browser cannot tell). */
function sidebarOnScreen(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(SIDEBAR_MEDIA);
}

/** Loads the panel where the sidebar shows it at once; elsewhere resolves at once, loading nothing. */
export function preloadSidebarFilters(): Promise<unknown> {
  const wide = sidebarOnScreen();
  return !wide || wide.matches ? loadStoreFilters() : Promise.resolve();
}

/** Resolves once the sidebar is on screen: at once where it is, else when the window grows that wide. */
export function sidebarShown(): Promise<void> {
  const wide = sidebarOnScreen();
  if (!wide || wide.matches) return Promise.resolve();
  return new Promise((resolve) => {
    const grown = (e: MediaQueryListEvent) => {
      if (!e.matches) return;
      wide.removeEventListener('change', grown);
      resolve();
    };
    wide.addEventListener('change', grown);
  });
}
