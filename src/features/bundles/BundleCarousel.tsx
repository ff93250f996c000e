import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SectionHeading } from '../../components/SectionHeading';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useAppDispatch, useAppSelector, useNow } from '../../store/hooks';
import { BundleCard } from './BundleCard';
import { selectActiveBundles, useGetBundlesQuery } from './bundlesApi';
import { BUNDLES_ANCHOR } from './bundleLayout';
import { carouselMoved, carouselPages, selectCarouselPage } from './bundlesSlice';

function usePerView(): number {
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'));
  const sm = useMediaQuery(theme.breakpoints.up('sm'));
  return md ? 3 : sm ? 2 : 1;
}

/**
 * Until the shopper reaches for the carousel, the pictures of slides past the first page (as wide
 * as the screen shows it: 1, 2 or 3 cards) are not drawn, so the browser does not fetch them: lazy
 * loading still fetched every slide's picture beside the first page (on a phone, 3 of the 4
 * pictures on `/`, 22 KB nobody saw). Media queries rather than the measured page width, so the
 * server's page and the hydrating client agree.
 */
const laterPicture = (i: number) => ({
  '& img': { display: { xs: i >= 1 ? 'none' : 'block', sm: i >= 2 ? 'none' : 'block', md: i >= 3 ? 'none' : 'block' } },
});

function BundleSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto', width: '100%' }} />
      <Box sx={{ p: 2.5 }}>
        <Skeleton width="70%" height={32} />
        <Skeleton width="45%" />
      </Box>
    </Card>
  );
}

/**
 * Carousel of the bundles active right now (SPEC §2, §4). Pages of 1/2/3 cards by width; arrows,
 * dots and the arrow keys move between pages; off-page cards are inert so Tab never lands on
 * an invisible link; the slide animation is dropped for prefers-reduced-motion.
 */
export function BundleCarousel() {
  const now = useNow();
  const { isLoading, isError, error, refetch } = useGetBundlesQuery();
  const bundles = useAppSelector((s) => selectActiveBundles(s, now));
  const perView = usePerView();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const dispatch = useAppDispatch();
  const { pages, page } = carouselPages(useAppSelector(selectCarouselPage), bundles.length, perView);
  // A pointer over the carousel, a touch or the focus in it, or a page other than the first: the
  // later slides' pictures are drawn (laterPicture).
  const [reached, setReached] = useState(page !== 0);
  const reach = () => setReached(true);
  const go = (p: number) => {
    reach();
    dispatch(carouselMoved({ page: carouselPages(p, bundles.length, perView).page }));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(page + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(page - 1);
    }
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Box aria-busy="true">
        <Box component="span" role="status" sx={visuallyHidden}>
          Loading bundles…
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {Array.from({ length: perView }, (_, i) => (
            <BundleSkeleton key={i} />
          ))}
        </Box>
      </Box>
    );
  } else if (isError) {
    body = <ErrorNotice title="We couldn't load the bundles" message={errorMessage(error)} onRetry={() => void refetch()} />;
  } else if (bundles.length === 0) {
    body = (
      <Typography color="text.secondary">
        No limited-time bundles are running right now. New ones drop often — check back soon!
      </Typography>
    );
  } else {
    body = (
      <Box
        role="region"
        aria-roledescription="carousel"
        aria-label="Limited-time bundles"
        onKeyDown={onKeyDown}
        onPointerEnter={reached ? undefined : reach}
        onFocus={reached ? undefined : reach}
      >
        <Box component="span" aria-live="polite" sx={visuallyHidden}>
          {pages > 1 ? `Page ${page + 1} of ${pages}` : ''}
        </Box>
        <Box sx={{ overflow: 'hidden', mx: -1.5, px: 0, py: 1.5 }}>
          <Box
            sx={{
              display: 'flex',
              m: 0,
              p: 0,
              transform: `translateX(-${page * 100}%)`,
              transition: reducedMotion ? 'none' : 'transform 450ms cubic-bezier(0.22, 1, 0.36, 1)',
            }}
          >
            {bundles.map((b, i) => {
              const onPage = Math.floor(i / perView) === page;
              return (
                <Box
                  key={b._id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${bundles.length}`}
                  aria-hidden={!onPage || undefined}
                  inert={!onPage || undefined}
                  sx={{ flex: `0 0 ${100 / perView}%`, px: 1.5, boxSizing: 'border-box', ...(reached ? {} : laterPicture(i)) }}
                >
                  <BundleCard bundle={b} eager={i < perView} hidden={!onPage} />
                </Box>
              );
            })}
          </Box>
        </Box>
        {pages > 1 && (
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 0.5, sm: 2 } }}>
            <IconButton
              aria-label="Previous bundles"
              onClick={() => go(page - 1)}
              disabled={page === 0}
              sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
            >
              <ChevronLeft />
            </IconButton>
            <Box sx={{ display: 'flex', gap: 0 }}>
              {Array.from({ length: pages }, (_, p) => (
                <Box
                  key={p}
                  component="button"
                  type="button"
                  aria-label={`Show bundles page ${p + 1} of ${pages}`}
                  aria-current={p === page ? 'true' : undefined}
                  onClick={() => go(p)}
                  sx={{
                    // A 44px hit area (phones) around a small visible dot.
                    width: 44,
                    height: 44,
                    p: 0,
                    border: 0,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: '50%',
                    '&::before': {
                      content: '""',
                      width: p === page ? 22 : 10,
                      height: 10,
                      borderRadius: 5,
                      bgcolor: p === page ? 'primary.main' : 'divider',
                      transition: reducedMotion ? 'none' : 'width 200ms ease',
                    },
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light' },
                  }}
                />
              ))}
            </Box>
            <IconButton
              aria-label="Next bundles"
              onClick={() => go(page + 1)}
              disabled={page >= pages - 1}
              sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
            >
              <ChevronRight />
            </IconButton>
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Box component="section" id={BUNDLES_ANCHOR} aria-labelledby="bundles-title" sx={{ scrollMarginTop: 96 }}>
      <SectionHeading
        id="bundles-title"
        overline="Limited-time bundles"
        title="Bundle up & save"
        lead="Hand-picked sets at a special price, only while the offer lasts."
      />
      {body}
    </Box>
  );
}
