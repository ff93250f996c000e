import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { visuallyHidden } from '../../components/visuallyHidden';
import { SessionWatcher } from '../../features/session/SessionWatcher';
import { selectLocation } from '../../features/router/routerSlice';
import { isStaffPath } from '../../features/session/validation';
import { selectIsLoading } from '../../features/ui/uiSlice';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/types';
import { RouteMeta } from '../RouteMeta';
import { AppRoutes } from '../routes';
import { CategoryBar } from './CategoryBar';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollManager } from './ScrollManager';
import { TestModeRibbon } from './TestModeRibbon';

/** The page area while a screen's chunk loads. */
function PageFallback() {
  return (
    // A full screen tall: the footer stays below the fold until the page arrives, instead of
    // showing and then jumping down (the largest layout shift of a first load).
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        Loading page…
      </Box>
    </Box>
  );
}

/** Skips to the page's main landmark (the first stop of the keyboard). */
function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        ...visuallyHidden,
        '&:focus': { position: 'fixed', top: 8, left: 8, width: 'auto', height: 'auto', clip: 'auto', margin: 0, zIndex: 2000, bgcolor: 'background.paper', p: 1.5, borderRadius: 2 },
      }}
    >
      Skip to content
    </Box>
  );
}

const selectOnStaffPage = (state: RootState) => isStaffPath(selectLocation(state).pathname);

/**
 * Header, extra bar and footer around every route; the global loading flag replaces it all. The
 * staff console (/staff) brings its own frame: the store's header and footer stay out.
 */
export function Layout() {
  const loading = useAppSelector(selectIsLoading);
  // Only which frame to draw, so a navigation does not render the header and footer again.
  const staffFrame = useAppSelector(selectOnStaffPage);
  if (loading) return <FullScreenSpinner />;
  if (staffFrame) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <SkipLink />
        <ScrollManager />
        <RouteMeta />
        <TestModeRibbon />
        <SessionWatcher />
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', minWidth: 0 }}>
          <Suspense fallback={<PageFallback />}><AppRoutes /></Suspense>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <ScrollManager />
      <RouteMeta />
      <TestModeRibbon />
      {/* Each Suspense boundary hydrates in a pass of its own (no long task while the
          server's page comes alive); none of these suspends once hydrated. */}
      <Suspense fallback={null}>
        <Header />
        <CategoryBar />
      </Suspense>
      {/* At least a screen tall: the footer starts below the fold, so it never jumps as a page's content arrives. */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', minHeight: '100vh' }}>
        <Suspense fallback={<PageFallback />}><AppRoutes /></Suspense>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Box>
  );
}
