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
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { visuallyHidden } from '../../components/visuallyHidden';
import { LineSummary } from '../../components/LineSummary';
import { useResolvedLines, type CatalogInput } from '../../components/useResolvedLines';
import { subtotalCents, type ResolvedLine } from '../../domain/cartLines';
import { formatMoney, formatMoneyShort, toDollars } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, orderTotalsCents } from '../../domain/shipping';
import { lineSavedForLater } from '../../store/events';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/selectors';
import { lineQuantityChanged, lineRemoved, selectCartCount, selectCartItems, selectCartPendingCount, selectCartSync } from './cartSlice';
import { QuantityInput } from './QuantityInput';

export const GUEST_CHECKOUT_MESSAGE = 'To proceed to checkout, please log in.';

function CartLine({ line }: { line: ResolvedLine }) {
  const dispatch = useAppDispatch();
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
        <LineSummary line={line} headingId={headingId} />
      </Box>
      <Box sx={{ gridArea: 'controls', display: 'flex', alignItems: 'center', justifyContent: { xs: 'space-between', sm: 'flex-end' }, gap: { xs: 1, sm: 3 } }}>
        <QuantityInput value={line.quantity} label={`Quantity of ${name}`} onChange={(quantity) => dispatch(lineQuantityChanged({ key: line.key, quantity }))} />
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
        <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => dispatch(lineRemoved({ key: line.key }))} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Box>
    </Box>
  );
}

function Totals({ lines, loggedIn, onLoginRequested }: { lines: ResolvedLine[]; loggedIn: boolean; onLoginRequested: () => void }) {
  const subtotal = subtotalCents(lines);
  const totals = orderTotalsCents(subtotal);
  const buyable = lines.some((l) => l.status === 'ok');
  const flagged = lines.filter((l) => l.status !== 'ok').length;
  const toFree = FREE_SHIPPING_THRESHOLD_CENTS - subtotal;
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
        <dd>{formatMoney(toDollars(totals.subtotal))}</dd>
        <dt>Delivery fee</dt>
        <dd>{subtotal > 0 && totals.shipping === 0 ? 'Free' : formatMoney(toDollars(totals.shipping))}</dd>
        <Box component="dt" sx={{ pt: 1.25, borderTop: 1, borderColor: 'divider', fontWeight: 800, fontSize: '1.1rem' }}>
          Total
        </Box>
        <Box component="dd" sx={{ pt: 1.25, borderTop: 1, borderColor: 'divider', fontSize: '1.1rem', fontWeight: '800 !important' }}>
          {formatMoney(toDollars(totals.total))}
        </Box>
      </Box>
      {subtotal > 0 && toFree > 0 && (
        <Typography variant="body2" sx={{ mt: 2, color: 'secondary.dark', fontWeight: 700 }}>
          Add {formatMoney(toDollars(toFree))} more for free delivery (orders of {formatMoneyShort(toDollars(FREE_SHIPPING_THRESHOLD_CENTS))} or more).
        </Typography>
      )}
      {flagged > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {flagged === 1 ? '1 item is' : `${flagged} items are`} unavailable and not counted in the total.
        </Typography>
      )}
      <Divider sx={{ my: 2.5 }} />
      {loggedIn ? (
        <Button component={RouterLink} to="/place-order" variant="contained" size="large" fullWidth disabled={!buyable} startIcon={<LockOutlined />}>
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

/**
 * /cart (SPEC §2, issue 5): lines with quantity, save for later and remove; totals with the
 * delivery rule of src/domain/shipping.ts; lines whose item is gone or unavailable are flagged and
 * left out of the totals. `savedSection` (the saved-for-later list) and `onLoginRequested` (store
 * /cart as the redirect-after-login target, then go to /login) are composed by the app page.
 */
export function CartPage({ catalog, savedSection, onLoginRequested }: { catalog: CatalogInput; savedSection?: ReactNode; onLoginRequested: () => void }) {
  const items = useAppSelector(selectCartItems);
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const sync = useAppSelector(selectCartSync);
  const pending = useAppSelector(selectCartPendingCount);
  const lines = useResolvedLines(items, catalog);
  const count = useAppSelector(selectCartCount);

  let body: ReactNode;
  if (count === 0) {
    body = <EmptyCart />;
  } else if (catalog.isError) {
    body = <ErrorNotice title="We couldn't load your cart's products" message={catalog.errorMessage ?? 'Something went wrong'} onRetry={catalog.onRetry} />;
  } else if (!lines) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
        <CircularProgress size={28} />
        <Typography>Loading your cart…</Typography>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' }, gap: { xs: 3, md: 4 }, alignItems: 'start' }}>
        <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', px: { xs: 2, md: 3 }, py: 0.5, minWidth: 0 }}>
          <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {lines.map((line) => (
              <CartLine key={line.key} line={line} />
            ))}
          </Box>
        </Box>
        <Totals lines={lines} loggedIn={loggedIn} onLoginRequested={onLoginRequested} />
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
          {count === 1 ? '1 item' : `${count} items`}
        </Typography>
      </Box>
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
