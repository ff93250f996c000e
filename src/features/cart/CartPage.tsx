import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { visuallyHidden } from '../../components/visuallyHidden';
import { LineSummary } from '../../components/LineSummary';
import { linesToDate, shipTextByKey, useGetLinesShipByQuery } from '../printing';
import { PanelSkeleton } from '../../components/PageSkeleton';
import { useHydrated } from '../../components/useHydrated';
import type { ResolvedLine } from '../../domain/cartLines';
import { cancelledPaymentAt, PAYMENT_CANCELLED_TEXT } from '../../domain/checkout';
import { formatMoney, toDollars } from '../../domain/money';
import { lineSavedForLater } from '../../store/events';
import { useAppDispatch, useAppSelector, useNow } from '../../store/hooks';
import { selectCatalogStatus } from '../catalog';
import { selectLocation } from '../router';
import { selectIsAuthenticated } from '../session';
import { selectCartLines, selectCartSummary } from './cartSelectors';
import {
  lineQuantityChanged,
  lineRemoved,
  quantityEditFinished,
  quantityTyped,
  selectCartCount,
  selectCartPendingCount,
  selectCartSync,
  selectQuantityInputText,
} from './cartSlice';
import { QuantityInput } from './QuantityInput';
import type { CartSummary } from './rules';

const GUEST_CHECKOUT_MESSAGE = 'To proceed to checkout, please log in.';

function CartLine({ line, shipText }: { line: ResolvedLine; shipText?: string | null }) {
  const dispatch = useAppDispatch();
  const quantityText = useAppSelector((state) => selectQuantityInputText(state, line.key));
  const headingId = `cart-line-${line.key}`;
  const name = line.name || 'this item';
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"summary" "controls" "actions"', sm: '"summary controls" "actions controls"' },
        columnGap: 3,
        rowGap: { xs: 1.25, sm: 0.5 },
        alignItems: 'center',
        py: { xs: 2, sm: 2.5 },
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ gridArea: 'summary', minWidth: 0 }}>
        <LineSummary line={line} headingId={headingId} shipText={shipText} />
      </Box>
      <Box sx={{ gridArea: 'controls', display: 'flex', alignItems: 'center', justifyContent: { xs: 'space-between', sm: 'flex-end' }, gap: { xs: 1, sm: 3 } }}>
        <QuantityInput
          value={line.quantity}
          text={quantityText}
          label={`Quantity of ${name}`}
          onStep={(quantity) => dispatch(lineQuantityChanged({ key: line.key, quantity }))}
          onType={(typed) => dispatch(quantityTyped(line.key, typed))}
          onLeave={() => dispatch(quantityEditFinished({ key: line.key }))}
        />
        <Typography sx={{ fontWeight: 800, fontSize: '1.05rem', minWidth: 80, textAlign: 'right' }}>
          <Box component="span" sx={visuallyHidden}>
            Line total{' '}
          </Box>
          {line.lineTotalCents === null ? '—' : formatMoney(toDollars(line.lineTotalCents))}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'actions', display: 'flex', gap: 0.5, pl: { sm: '104px' }, ml: { xs: -1, sm: -1 } }}>
        <Button size="small" color="secondary" startIcon={<BookmarkBorder />} onClick={() => dispatch(lineSavedForLater({ key: line.key, quantity: line.quantity }))} aria-label={`Save for later: ${name}`}>
          Save for later
        </Button>
        <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => dispatch(lineRemoved({ key: line.key, name: line.name || undefined }))} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Box>
    </Box>
  );
}

function Totals({ summary, loggedIn, onLoginRequested }: { summary: CartSummary; loggedIn: boolean; onLoginRequested: () => void }) {
  return (
    <Box
      component="section"
      aria-labelledby="cart-totals-title"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', p: { xs: 2.5, md: 3.5 }, position: { md: 'sticky' }, top: { md: 100 } }}
    >
      <Typography id="cart-totals-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Cart totals
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1.25, '& dd': { m: 0, textAlign: 'right', fontWeight: 700 } }}>
        <dt>Subtotal</dt>
        <dd>{formatMoney(toDollars(summary.subtotalCents))}</dd>
        <dt>Delivery fee</dt>
        <dd>{summary.freeDelivery ? 'Free' : formatMoney(toDollars(summary.deliveryFeeCents))}</dd>
        <Box component="dt" sx={{ pt: 1.25, borderTop: 1, borderColor: 'divider', fontWeight: 800, fontSize: '1.1rem' }}>
          Total
        </Box>
        <Box component="dd" sx={{ pt: 1.25, borderTop: 1, borderColor: 'divider', fontSize: '1.1rem', fontWeight: '800 !important' }}>
          {formatMoney(toDollars(summary.totalCents))}
        </Box>
      </Box>
      {summary.freeDeliveryMessage && (
        <Typography variant="body2" sx={{ mt: 2, color: 'secondary.dark', fontWeight: 700 }}>
          {summary.freeDeliveryMessage}
        </Typography>
      )}
      {summary.unavailableMessage && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {summary.unavailableMessage}
        </Typography>
      )}
      <Divider sx={{ my: 2.5 }} />
      {loggedIn ? (
        <Button component={RouterLink} to="/place-order" variant="contained" size="large" fullWidth disabled={!summary.buyable} startIcon={<LockOutlined />}>
          Proceed to checkout
        </Button>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{GUEST_CHECKOUT_MESSAGE}</Typography>
          <Button variant="contained" size="large" fullWidth onClick={onLoginRequested}>
            Log in
          </Button>
        </Box>
      )}
    </Box>
  );
}

function EmptyCart() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 9 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
      <Box sx={{ width: 72, height: 72, borderRadius: '50%', bgcolor: brand.sunSoft, display: 'grid', placeItems: 'center', mx: 'auto', mb: 2 }}>
        <ShoppingBagOutlined sx={{ fontSize: 36, color: 'primary.main' }} aria-hidden />
      </Box>
      <Typography component="p" variant="h5" sx={{ mb: 1 }}>
        Your cart is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Fill it with figures, fidgets and décor, printed layer by layer.
      </Typography>
      <Button component={RouterLink} to="/collection" variant="contained" size="large">
        Browse the store
      </Button>
    </Box>
  );
}

const cartGrid = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' }, gap: { xs: 3, md: 4 }, alignItems: 'start' } as const;
const linesPanel = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', px: { xs: 2, md: 3 }, py: 0.5, minWidth: 0 } as const;

/** Two lines and the totals box: what the server renders, and the page hydrates, before the saved cart is read. */
function CartSkeleton() {
  return (
    <Box role="status" aria-busy="true" data-skeleton="" sx={cartGrid}>
      <Box component="span" sx={visuallyHidden}>
        Loading your cart…
      </Box>
      <Box aria-hidden sx={linesPanel}>
        {[0, 1].map((i) => (
          <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: { xs: 2, sm: 2.5 }, minHeight: { xs: 150, sm: 130 }, borderBottom: i === 0 ? 1 : 0, borderColor: 'divider' }}>
            <Skeleton variant="rounded" sx={{ width: 88, height: 88, borderRadius: '16px', flexShrink: 0 }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Skeleton width="60%" height={28} />
              <Skeleton width="35%" />
              <Skeleton width="25%" />
            </Box>
          </Box>
        ))}
      </Box>
      <PanelSkeleton height={{ xs: 280, md: 330 }} lines={4} />
    </Box>
  );
}

/**
 * /cart (SPEC §2): lines with quantity, save for later and remove; totals with the
 * delivery rule of src/domain/shipping.ts; lines whose item is gone or unavailable are flagged and
 * left out of the totals. The lines and totals are selectors over the cart and the cached catalog.
 * `savedSection` (the saved-for-later list), `onLoginRequested` (store /cart as the
 * redirect-after-login target, then go to /login) and `onRetry` (load the catalog again) are
 * composed by the app page.
 */
export function CartPage({ savedSection, onLoginRequested, onRetry }: { savedSection?: ReactNode; onLoginRequested: () => void; onRetry: () => void }) {
  const now = useNow();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const sync = useAppSelector(selectCartSync);
  const pending = useAppSelector(selectCartPendingCount);
  const catalog = useAppSelector(selectCatalogStatus);
  const lines = useAppSelector((state) => selectCartLines(state, now));
  const toDate = linesToDate(lines);
  const { data: dated } = useGetLinesShipByQuery(toDate, { skip: toDate.length === 0 });
  const shipTexts = shipTextByKey(lines, dated);
  const summary = useAppSelector((state) => selectCartSummary(state, now));
  const count = useAppSelector(selectCartCount);
  const paymentCancelled = useAppSelector((state) => cancelledPaymentAt(selectLocation(state)) !== undefined);
  // The server renders a guest's empty cart: until the saved cart is in, the page shows its skeleton.
  const hydrated = useHydrated();

  let body: ReactNode;
  if (!hydrated) {
    body = <CartSkeleton />;
  } else if (count === 0) {
    body = <EmptyCart />;
  } else if (catalog.state === 'error') {
    body = <ErrorNotice title="We couldn't load your cart's products" message={catalog.message} onRetry={onRetry} />;
  } else if (!lines || !summary) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
        <CircularProgress size={28} />
        <Typography>Loading your cart…</Typography>
      </Box>
    );
  } else {
    body = (
      <Box sx={cartGrid}>
        <Box sx={linesPanel}>
          <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {lines.map((line) => (
              <CartLine key={line.key} line={line} shipText={line.status === 'ok' ? (shipTexts[line.key] ?? null) : undefined} />
            ))}
          </Box>
        </Box>
        <Totals summary={summary} loggedIn={loggedIn} onLoginRequested={onLoginRequested} />
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="overline" color="primary" component="p">
        Your bag
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2.5, md: 4 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
          Your cart
        </Typography>
        <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
          {hydrated ? (count === 1 ? '1 item' : `${count} items`) : <Skeleton component="span" width={56} sx={{ display: 'inline-block' }} />}
        </Typography>
      </Box>
      {paymentCancelled && (
        <Alert severity="info" role="status" data-testid="payment-cancelled" sx={{ mb: 3, borderRadius: 4 }}>
          {PAYMENT_CANCELLED_TEXT}
        </Alert>
      )}
      {loggedIn && sync.status === 'failed' && pending > 0 && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3, borderRadius: 4, bgcolor: 'background.paper' }}>
          Your cart is saved on this device. We'll send your latest changes to your account as soon as the connection is back.
        </Alert>
      )}
      {body}
      {savedSection}
    </Container>
  );
}
