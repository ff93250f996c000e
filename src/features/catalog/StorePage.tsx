import TuneIcon from '@mui/icons-material/Tune';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PageLinks } from '../../components/PageLinks';
import { NativeSelectInput, SearchAdornment, TextInput } from '../../components/OutlinedField';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { Product } from '../../domain/types';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useGetProductsQuery, useGetSettingsQuery } from './catalogApi';
import { CategoryTabs } from './CategoryTabs';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';
import { SORT_LABELS } from './sorting';
import { loadedStoreFilters, loadStoreFilters, sidebarShown } from './storeFiltersLoader';
import { SORTS, type SortKey } from '../../domain/storeQuery';
import { changeStoreQuery, type StoreQuery } from '../../domain/storeQuery';
import { selectStoreView, storeFiltersCleared, storeHref, storeViewChanged } from './storeView';

// The phone drawer (and MUI's modal machinery with it) loads the first time it opens.
const FilterDrawer = lazy(() => import('./FilterDrawer'));

const SidebarFilters = lazy(() => sidebarShown().then(loadStoreFilters).then((panel) => ({ default: panel })));
const DrawerFilters = lazy(() => loadStoreFilters().then((panel) => ({ default: panel })));

/** The sidebar's panel: drawn at once where its code is here (storeFiltersLoader.ts), else when the sidebar comes on screen. */
function SidebarPanel() {
  const [Panel] = useState(() => loadedStoreFilters() ?? SidebarFilters);
  return <Panel idPrefix="side" />;
}

const grid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2.5 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

const EAGER_CARDS = 4;

interface StoreToolbarProps {
  search: string;
  sort: SortKey;
  /** How many filters are on (the phone's Filters button shows it). */
  filterCount: number;
  drawerOpen: boolean;
  onChange: (patch: Partial<StoreQuery>, replace?: boolean) => void;
  onOpenFilters: () => void;
}

/** Search, sort and (on phones) the Filters button; rendered again only when one of them changes, not on every click of a filter. */
const StoreToolbar = memo(function StoreToolbar({ search, sort, filterCount, drawerOpen, onChange, onOpenFilters }: StoreToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <TextInput
        type="search"
        size="small"
        label="Search products"
        value={search}
        onChange={(e) => onChange({ search: e.target.value.slice(0, 100) }, true)}
        sx={{ flex: '1 1 220px', minWidth: 0, bgcolor: 'background.paper' }}
        startAdornment={<SearchAdornment />}
      />
      <NativeSelectInput
        size="small"
        label="Sort by"
        value={sort}
        onChange={(e) => onChange({ sort: e.target.value as SortKey })}
        sx={{ flex: { xs: '1 1 150px', sm: '0 0 210px' }, bgcolor: 'background.paper' }}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </NativeSelectInput>
      <Badge badgeContent={filterCount} color="primary" sx={{ display: { md: 'none' } }}>
        <Button
          variant="outlined"
          startIcon={<TuneIcon />}
          onClick={onOpenFilters}
          aria-controls="filters-drawer"
          aria-expanded={drawerOpen}
          sx={{ minHeight: 40 }}
        >
          Filters
        </Button>
      </Badge>
    </Box>
  );
});

/**
 * The store (/collection, SPEC §2): category tabs, filters, price slider, sort, search and pages
 * of 12, over the full product list on the client. The view lives in the url; the screen reads it
 * through `selectStoreView` and reports changes as events (storeView.ts), which move the url.
 */
export function StorePage({ renderCardAction }: { renderCardAction?: (product: Product) => ReactNode }) {
  const dispatch = useAppDispatch();
  const { isLoading, isError, error, refetch } = useGetProductsQuery();
  // Subscribes to the settings (hidden categories and tags), read through selectStoreView.
  useGetSettingsQuery();
  const { query, page, chips, filtersActive, title, categories } = useAppSelector(selectStoreView);
  // Momentary: whether the phone's filter drawer is out (and, from its first opening on, mounted
  // so that closing still plays the exit transition).
  const [drawerOpen, setDrawerOpenState] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const setDrawerOpen = useCallback((open: boolean) => {
    if (open) setDrawerLoaded(true);
    setDrawerOpenState(open);
  }, []);
  const openDrawer = useCallback(() => setDrawerOpen(true), [setDrawerOpen]);

  const change = useCallback((patch: Partial<StoreQuery>, replace = false) => void dispatch(storeViewChanged({ patch, replace })), [dispatch]);
  // One element for the page's life: the boundary never sees an update (see StoreFilters).
  const sidebarFilters = useMemo(
    () => (
      <Suspense fallback={null}>
        <SidebarPanel />
      </Suspense>
    ),
    [],
  );
  const clearAll = () => dispatch(storeFiltersCleared());

  let results: ReactNode;
  if (isLoading) {
    results = (
      <Box aria-busy="true">
        <Box component="span" role="status" sx={visuallyHidden}>
          Loading products…
        </Box>
        <Box sx={grid}>
          {Array.from({ length: 6 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </Box>
      </Box>
    );
  } else if (isError) {
    results = <ErrorNotice title="We couldn't load the store" message={errorMessage(error)} onRetry={() => void refetch()} />;
  } else if (page.total === 0) {
    results = (
      <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
        <Typography component="p" variant="h5" sx={{ mb: 1 }}>
          No products match your filters.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Try fewer filters, a higher price or another word.
        </Typography>
        {filtersActive && (
          <Button variant="contained" onClick={clearAll}>
            Clear filters
          </Button>
        )}
      </Box>
    );
  } else {
    results = (
      <>
        <Box component="ul" sx={grid} aria-label="Products">
          {page.items.map((p, i) => (
            <li key={p._id}>
              <ProductCard product={p} eager={page.page === 1 && i < EAGER_CARDS} action={renderCardAction?.(p)} />
            </li>
          ))}
        </Box>
        {page.pageCount > 1 && (
          <Box component="nav" aria-label="Pages" sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 4, md: 6 }, minHeight: { xs: 44, sm: 40 } }}>
            <PageLinks
              count={page.pageCount}
              page={page.page}
              pageLabel={(p, current) => `${current ? '' : 'Go to '}page ${p}`}
              stepLabel={(step) => `Go to ${step} page`}
              hrefFor={(p) => storeHref(changeStoreQuery(query, { page: p }))}
              onChange={(p) => {
                change({ page: p });
                window.scrollTo({ top: 0 });
              }}
            />
          </Box>
        )}
      </>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: { xs: 2, md: 3 } }}>
        <Typography variant="overline" color="primary" component="p">
          The store
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
          {title}
        </Typography>
      </Box>

      <CategoryTabs categories={categories} value={query.category} onChange={(category) => change({ category })} />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '250px minmax(0, 1fr)' }, gap: { xs: 2, md: 4 }, alignItems: 'start' }}>
        <Box component="aside" aria-labelledby="filters-title" sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 96, maxHeight: 'calc(100vh - 112px)', overflowY: 'auto', pr: 1, pb: 2, scrollbarWidth: 'thin' }}>
          <Typography id="filters-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Filters
          </Typography>
          {sidebarFilters}
        </Box>

        <Box component="section" aria-labelledby="results-title" sx={{ minWidth: 0 }}>
          <Typography id="results-title" component="h2" sx={visuallyHidden}>
            Products
          </Typography>
          <StoreToolbar search={query.search} sort={query.sort} filterCount={chips.length} drawerOpen={drawerOpen} onChange={change} onOpenFilters={openDrawer} />

          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2, minHeight: 32 }}>
            <Typography role="status" color="text.secondary" sx={{ mr: 1, fontWeight: 600 }}>
              {isLoading || isError
                ? ''
                : page.total === 0
                  ? '0 products'
                  : `Showing ${page.from}–${page.to} of ${page.total} product${page.total === 1 ? '' : 's'}`}
            </Typography>
            {chips.map((c) => (
              <Chip key={c.key} label={c.label} onDelete={() => change(c.patch)} size="small" variant="outlined" sx={{ bgcolor: 'background.paper' }} />
            ))}
            {chips.length > 0 && (
              <Button size="small" onClick={clearAll} sx={{ px: 1 }}>
                Clear all
              </Button>
            )}
          </Box>

          {results}
        </Box>
      </Box>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onClear={clearAll} canClear={filtersActive} total={page.total}>
            <DrawerFilters idPrefix="drawer" />
          </FilterDrawer>
        </Suspense>
      )}
    </Container>
  );
}
