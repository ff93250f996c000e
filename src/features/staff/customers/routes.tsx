import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { StaffScreenKey } from '../../../domain/routes';

/** A lazily loaded customer screen in the console's page margins. */
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
      <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
        <Screen />
      </Box>
    </Suspense>
  );
}

/** The customer screens, by their key in the route table's staff pages (src/domain/routes.ts). */
export const staffCustomerScreens = {
  customers: screen(() => import('./CustomersPage')),
  customer: screen(() => import('./CustomerPage')),
} satisfies Partial<Record<StaffScreenKey, ReactElement>>;
