import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ReactElement } from 'react';

const ReviewsQueuePage = lazy(() => import('./ReviewsQueuePage'));

/** Review moderation inside the staff console: its own lazy chunk, at the route table's `reviews` page. */
export const staffReviewsScreens: Record<'reviews', ReactElement> = {
  reviews: (
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
};
