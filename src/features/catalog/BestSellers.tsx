import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SectionHeading } from '../../components/SectionHeading';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { Product } from '../../domain/types';
import { useAppSelector } from '../../store/hooks';
import { selectBestSellers, useGetProductsQuery } from './catalogApi';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';
import { BEST_SELLER_LIMIT } from './sorting';

const grid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2.5, md: 3 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

/**
 * Cards loaded eagerly. None: on the home page the best sellers come after the hero and the
 * bundles, below the first screen at every width, so they load as they scroll into view.
 */
const EAGER_CARDS = 0;

/** The home page's best sellers (at most 5; rule in rules.ts). */
export function BestSellers({ renderCardAction }: { renderCardAction?: (product: Product) => ReactNode }) {
  const { isLoading, isError, error, refetch } = useGetProductsQuery();
  const products = useAppSelector(selectBestSellers);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Box aria-busy="true">
        <Box component="span" role="status" sx={visuallyHidden}>
          Loading best sellers…
        </Box>
        <Box sx={grid}>
          {Array.from({ length: BEST_SELLER_LIMIT }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </Box>
      </Box>
    );
  } else if (isError) {
    body = <ErrorNotice title="We couldn't load our best sellers" message={errorMessage(error)} onRetry={() => void refetch()} />;
  } else if (products.length === 0) {
    body = (
      <Typography color="text.secondary">Our best sellers are being reprinted right now. Check back soon!</Typography>
    );
  } else {
    body = (
      <Box component="ul" sx={grid} aria-label="Best sellers">
        {products.map((p, i) => (
          <li key={p._id}>
            <ProductCard product={p} eager={i < EAGER_CARDS} action={renderCardAction?.(p)} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="best-sellers-title">
      <SectionHeading
        id="best-sellers-title"
        overline="Fan favourites"
        title="Best Sellers"
        lead="The pieces our customers reorder again and again, fresh off the print bed."
        action={
          <Button component={RouterLink} to="/collection" variant="outlined" color="primary">
            See everything
          </Button>
        }
      />
      {body}
    </Box>
  );
}
