import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { STAFF_PAGES, type StaffScreenKey } from '../../../domain/routes';

/**
 * The catalog editors inside the staff console: their paths and menu entries are the route table's
 * (src/domain/routes.ts `STAFF_PAGES`), each screen its own lazy chunk (nothing here is imported by shopper code). Elements, not `lazy` route
 * objects: the app's router is declarative (BrowserRouter + useRoutes), where `lazy` is not used.
 */
function screen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return (
    <Suspense
      fallback={
        <Box role="status" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      }
    >
      {/* The console's page margins, as its inbox and order pages have them. */}
      <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
        <Screen />
      </Box>
    </Suspense>
  );
}

const ProductsPage = () => import('./ProductsPage');
const ProductEditor = () => import('./ProductEditor');
const BundlesPage = () => import('./BundlesPage');
const BundleEditor = () => import('./BundleEditor');

/** The catalog editors' screens, by their key in the route table's staff pages (src/domain/routes.ts). */
export const staffCatalogScreens = {
  products: screen(ProductsPage),
  productEditor: screen(ProductEditor),
  bundles: screen(BundlesPage),
  bundleEditor: screen(BundleEditor),
  discounts: screen(() => import('./DiscountsPage')),
  settings: screen(() => import('./SettingsPage')),
} satisfies Partial<Record<StaffScreenKey, ReactElement>>;

const isCatalogScreen = (key: string): key is keyof typeof staffCatalogScreens => key in staffCatalogScreens;

/** The catalog editors' routes, relative to /staff, in the route table's order. */
export const staffCatalogRoutes: RouteObject[] = STAFF_PAGES.flatMap((page) => (isCatalogScreen(page.screen) ? [{ path: page.path, element: staffCatalogScreens[page.screen] }] : []));
