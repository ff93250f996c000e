import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';

const ReviewsQueuePage = lazy(() => import('./ReviewsQueuePage'));

/** Review moderation inside the staff console (issue 29): its own lazy chunk, paths relative to /staff. */
export const staffReviewsRoutes: RouteObject[] = [
  {
    path: 'reviews',
    element: (
      <Suspense
        fallback={
          <Box role="status" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        }
      >
        <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
          <ReviewsQueuePage />
        </Box>
      </Suspense>
    ),
  },
];

export const staffReviewsNav: { to: string; label: string }[] = [{ to: '/staff/reviews', label: 'Reviews' }];
