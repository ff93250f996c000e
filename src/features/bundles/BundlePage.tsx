import ArrowBack from '@mui/icons-material/ArrowBack';
import EventIcon from '@mui/icons-material/Event';
import ShoppingBag from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDate } from '../../components/formatDate';
import { Gallery } from '../../components/Gallery';
import { formatMoney, toDollars } from '../../domain/money';
import type { BundleSavings } from '../../domain/pricing';
import type { Bundle } from '../../domain/types';
import { useAppDispatch, useAppSelector, useNow } from '../../store/hooks';
import { BUNDLE_IMAGE_HEIGHT, BUNDLE_IMAGE_WIDTH, BUNDLES_ANCHOR } from './bundleLayout';
import { BundlePageSkeleton } from './BundlePageSkeleton';
import { bundleAddPressed, bundleImageChosen, selectBundleImage } from './bundlesSlice';
import { selectActiveBundles, useGetBundlesQuery } from './bundlesApi';

/** The bundle on sale now with this id, or undefined (unknown, cancelled, not started or ended). */
export function findActiveBundle(active: readonly Bundle[], id: string): Bundle | undefined {
  return active.find((b) => b._id === id);
}

function BackLink() {
  return (
    <Link
      component={RouterLink}
      to={`/#${BUNDLES_ANCHOR}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minHeight: 44, fontWeight: 700, color: 'text.primary', mb: { xs: 1, md: 2 } }}
    >
      <ArrowBack fontSize="small" aria-hidden />
      Back to bundles
    </Link>
  );
}

/** "You save $X (Y%)" under the bundle's price (shown only for a real saving, see domain/pricing.ts). */
function SavingsNote({ savings }: { savings: BundleSavings }) {
  return (
    <Typography component="p" data-testid="bundle-savings" sx={{ mt: -1.5, fontWeight: 800, color: 'secondary.dark' }}>
      You save {formatMoney(toDollars(savings.cents), '$')} ({savings.percent}%)
    </Typography>
  );
}

function BundleDetails({ bundle, savings }: { bundle: Bundle; savings?: BundleSavings | null }) {
  const dispatch = useAppDispatch();
  const image = useAppSelector((s) => selectBundleImage(s, bundle));
  const starts = formatDate(bundle.startDate);
  const ends = formatDate(bundle.endDate);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }, gap: { xs: 3, md: 6 }, alignItems: 'start' }}>
      <Gallery images={bundle.images ?? []} alt={bundle.title} selected={image} onSelect={(index) => dispatch(bundleImageChosen({ bundleId: bundle._id, index }))} width={BUNDLE_IMAGE_WIDTH} height={BUNDLE_IMAGE_HEIGHT} label="Bundle images" />
      <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
        <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}>
          {bundle.title}
        </Typography>
        <Typography component="p" color="primary" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '1.9rem' } }}>
          {formatMoney(bundle.price, '$')}
        </Typography>
        {savings && <SavingsNote savings={savings} />}
        <Typography color="text.secondary" sx={{ fontSize: '1.05rem', lineHeight: 1.65 }}>
          {bundle.description}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: '16px', bgcolor: brand.sunSoft, border: 1, borderColor: 'divider' }}>
          <EventIcon sx={{ color: 'secondary.main', mt: 0.25 }} aria-hidden />
          <Box>
            <Typography component="h3" sx={{ fontWeight: 800, color: 'secondary.dark' }}>
              Limited-Time Offer
            </Typography>
            <Typography variant="body2">
              {starts && <>Starts {starts}</>}
              {starts && ends && ' · '}
              {ends && <>Ends {ends}</>}
            </Typography>
          </Box>
        </Box>
        <Button variant="contained" size="large" startIcon={<ShoppingBag />} onClick={() => dispatch(bundleAddPressed({ bundleId: bundle._id }))} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
          Add Bundle to Cart
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The bundle page (SPEC §2): back link to the home page's bundles, 'BUNDLE DETAILS', gallery,
 * price, offer dates and 'Add Bundle to Cart'. The products inside come from the catalog feature,
 * composed by the app through `renderContents` and `useSavings` (features do not import each other).
 */
export function BundlePage({
  bundleId,
  renderContents,
  useSavings,
}: {
  bundleId: string;
  renderContents?: (bundle: Bundle) => ReactNode;
  /** What the bundle saves against its products' current prices (a selector hook from the app). */
  useSavings?: (bundle: Bundle | undefined) => BundleSavings | null;
}) {
  const now = useNow();
  const { isLoading, isError, error, refetch } = useGetBundlesQuery();
  const active = useAppSelector((s) => selectActiveBundles(s, now));
  const bundle = findActiveBundle(active, bundleId);
  const savings = useSavings?.(bundle) ?? null;

  let body: ReactNode;
  if (isLoading) {
    body = <BundlePageSkeleton />;
  } else if (isError) {
    body = <ErrorNotice title="We couldn't load this bundle" message={errorMessage(error)} onRetry={() => void refetch()} />;
  } else if (!bundle) {
    body = (
      <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
        <Typography component="p" variant="h5" sx={{ mb: 1 }}>
          This bundle is no longer available.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Limited-time offers come and go. Everything in the store is still a click away.
        </Typography>
        <Button component={RouterLink} to="/collection" variant="contained">
          Browse the store
        </Button>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: { xs: 6, md: 9 } }}>
        <BundleDetails bundle={bundle} savings={savings} />
        {renderContents?.(bundle)}
      </Box>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 2.5, md: 4 } }}>
      <BackLink />
      <Typography variant="overline" component="h1" color="primary" sx={{ display: 'block', fontSize: { xs: '0.95rem', md: '1.05rem' }, mb: 1.5 }}>
        BUNDLE DETAILS
      </Typography>
      {body}
    </Container>
  );
}
