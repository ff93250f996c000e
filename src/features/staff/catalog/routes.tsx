import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * The catalog editors inside the staff console (issue 18): paths relative to /staff, each screen
 * its own lazy chunk (nothing here is imported by shopper code). Elements, not `lazy` route
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

export const staffCatalogRoutes: RouteObject[] = [
  { path: 'products', element: screen(ProductsPage) },
  { path: 'products/new', element: screen(ProductEditor) },
  { path: 'products/:id', element: screen(ProductEditor) },
  { path: 'bundles', element: screen(BundlesPage) },
  { path: 'bundles/new', element: screen(BundleEditor) },
  { path: 'bundles/:id', element: screen(BundleEditor) },
  { path: 'discounts', element: screen(() => import('./DiscountsPage')) },
  { path: 'settings', element: screen(() => import('./SettingsPage')) },
];

/** The console's menu entries for the catalog. */
export const staffCatalogNav: { to: string; label: string }[] = [
  { to: '/staff/products', label: 'Products' },
  { to: '/staff/bundles', label: 'Bundles' },
  { to: '/staff/discounts', label: 'Discounts' },
  { to: '/staff/settings', label: 'Settings' },
];
