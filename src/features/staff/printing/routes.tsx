import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ReactElement } from 'react';

const PrintQueuePage = lazy(() => import('./PrintQueuePage'));
const PrintingSettingsPage = lazy(() => import('./PrintingSettingsPage'));

const screen = (page: ReactElement) => (
  <Suspense
    fallback={
      <Box role="status" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    }
  >
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280 }}>{page}</Box>
  </Suspense>
);

/** The print queue and its settings inside the staff console: their own lazy chunk. */
export const staffPrintingScreens: Record<'printQueue' | 'printingSettings', ReactElement> = {
  printQueue: screen(<PrintQueuePage />),
  printingSettings: screen(<PrintingSettingsPage />),
};
