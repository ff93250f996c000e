import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder with the card's exact footprint, so loaded cards do not shift the page. */
export function ProductCardSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '1 / 1', height: 'auto', width: '100%' }} />
      <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Skeleton width="40%" />
        <Skeleton width="90%" />
        <Skeleton width="60%" />
        <Skeleton width="35%" height={28} />
      </Box>
    </Card>
  );
}
