import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TextInput } from '../../components/OutlinedField';
import { useHydrated } from '../../components/useHydrated';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { Product } from '../../domain/types';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useWishlistIds } from './useWishlist';
import { selectWishlistPage, selectWishlistProducts } from './wishlistSelectors';
import { selectWishlistSearch, wishlistPageChanged, wishlistSearchChanged } from './wishlistViewSlice';

export const WISHLIST_TEXT = {
  title: 'Your Wishlist',
  search: 'Search your wishlist...',
  empty: 'Your wishlist is empty',
  hint: 'Click the heart icon on any product to save it here for later.',
  continueShopping: 'Continue Shopping',
  noMatch: 'No matching products found.',
} as const;

export interface WishlistCatalog {
  products?: readonly Product[];
  isLoading: boolean;
  isError: boolean;
  errorMessage?: string;
  onRetry?: () => void;
}

const EMPTY: readonly Product[] = [];

/**
 * /wishlist (SPEC §2): breadcrumb, title with count, a name search, the grid (rendered by the app
 * page with the catalog's cards and hearts) and pages of 12, back to page 1 when the filtered
 * count changes.
 */
export function WishlistPage({
  catalog,
  renderGrid,
  skeleton,
}: {
  catalog: WishlistCatalog;
  renderGrid: (products: Product[]) => ReactNode;
  /** The grid's footprint while the list loads (the server's render and hydration show it too: the wishlist is the shopper's own). */
  skeleton?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const { isLoading: listLoading } = useWishlistIds();
  const products = catalog.products ?? EMPTY;
  const search = useAppSelector(selectWishlistSearch);
  const all = useAppSelector((state) => selectWishlistProducts(state, products));
  // Back to page 1 when the filtered count changes is a listener's rule (wishlistListeners.ts).
  const page = useAppSelector((state) => selectWishlistPage(state, products));
  // The server renders a guest's empty wishlist: until the saved list is in, the page shows its skeleton.
  const hydrated = useHydrated();
  const loading = !hydrated || catalog.isLoading || listLoading;

  let body: ReactNode;
  if (loading && skeleton) {
    body = (
      <Box role="status" aria-busy="true" data-skeleton="">
        <Box component="span" sx={visuallyHidden}>
          Loading your wishlist…
        </Box>
        {skeleton}
      </Box>
    );
  } else if (loading) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 8, justifyContent: 'center' }}>
        <CircularProgress size={28} />
        <Typography>Loading your wishlist…</Typography>
      </Box>
    );
  } else if (catalog.isError) {
    body = <ErrorNotice title="We couldn't load your wishlist" message={catalog.errorMessage ?? 'Something went wrong'} onRetry={catalog.onRetry} />;
  } else if (all.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: { xs: 6, md: 9 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
        <Box sx={{ width: 72, height: 72, borderRadius: '50%', bgcolor: brand.coralSoft, display: 'grid', placeItems: 'center', mx: 'auto', mb: 2 }}>
          <FavoriteBorder sx={{ fontSize: 36, color: 'primary.main' }} aria-hidden />
        </Box>
        <Typography component="p" variant="h5" sx={{ mb: 1 }}>
          {WISHLIST_TEXT.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {WISHLIST_TEXT.hint}
        </Typography>
        <Button component={RouterLink} to="/collection" variant="contained" size="large">
          {WISHLIST_TEXT.continueShopping}
        </Button>
      </Box>
    );
  } else {
    body = (
      <>
        {page.items.length === 0 ? (
          <Typography component="p" role="status" sx={{ textAlign: 'center', py: 8, fontWeight: 700, color: 'text.secondary' }}>
            {WISHLIST_TEXT.noMatch}
          </Typography>
        ) : (
          renderGrid(page.items)
        )}
        {page.pageCount > 1 && (
          <Box component="nav" aria-label="Wishlist pages" sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 4, md: 6 } }}>
            <Pagination
              count={page.pageCount}
              page={page.page}
              onChange={(_e, p) => {
                dispatch(wishlistPageChanged(p));
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              shape="rounded"
            />
          </Box>
        )}
      </>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: { xs: 2, md: 3 } }}>
        <Link component={RouterLink} to="/" color="inherit" underline="hover">
          Home
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ fontWeight: 700 }}>
          Wishlist
        </Typography>
      </Breadcrumbs>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 3, md: 4 },
        }}
      >
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
          {WISHLIST_TEXT.title}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.6em', fontWeight: 500 }}>
            ({loading ? '…' : all.length})
          </Box>
        </Typography>
        <TextInput
          type="search"
          size="small"
          placeholder={WISHLIST_TEXT.search}
          value={search}
          onChange={(e) => dispatch(wishlistSearchChanged(e.target.value))}
          inputProps={{ 'aria-label': 'Search your wishlist' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          inputSx={{ borderRadius: 999, bgcolor: 'background.paper' }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
      </Box>
      {body}
    </Container>
  );
}
