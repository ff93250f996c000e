import CreditCard from '@mui/icons-material/CreditCard';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatMoney, toDollars } from '../../domain/money';
import { useAppDispatch, useAppSelector, useNow, useFeature } from '../../store/hooks';
import { checkoutFeature } from './checkoutListeners';
import { selectCatalogStatus } from '../catalog';
import { AddressFields, fieldId } from './AddressFields';
import { selectCheckoutLines, selectCheckoutPreview, selectDiscountChecking } from './checkoutSelectors';
import {
  checkoutOpened,
  discountCodeEdited,
  discountCodeSubmitted,
  discountRemoved,
  fieldEdited,
  fieldLeft,
  newTotalConfirmed,
  newTotalDeclined,
  orderSubmitted,
  paymentMethodChosen,
  selectCheckout,
} from './checkoutSlice';
import { DiscountField, problemFor, SummaryLine, TotalsList } from './OrderSummary';
import { linesToDate, shipTextByKey, useGetLinesShipByQuery } from '../printing';
import { EMPTY_CART_MESSAGE, type BuyNowItem, type CheckoutForm } from './rules';

const FIELD_ORDER: Array<keyof CheckoutForm> = ['firstName', 'lastName', 'email', 'street', 'city', 'state', 'zipcode', 'phone', 'description'];

function Panel({ title, icon, children, labelId }: { title: string; icon: ReactNode; children: ReactNode; labelId: string }) {
  return (
    <Box
      component="section"
      aria-labelledby={labelId}
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', p: { xs: 2.25, md: 3.5 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2.5 }}>
        <Box sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: brand.sunSoft, color: 'primary.main', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {icon}
        </Box>
        <Typography id={labelId} variant="h5" component="h2">
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

function EmptyCheckout() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 9 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
      <Box sx={{ width: 72, height: 72, borderRadius: '50%', bgcolor: brand.sunSoft, display: 'grid', placeItems: 'center', mx: 'auto', mb: 2 }}>
        <ShoppingBagOutlined sx={{ fontSize: 36, color: 'primary.main' }} aria-hidden />
      </Box>
      <Typography role="alert" component="p" variant="h6" sx={{ mb: 3, maxWidth: 440, mx: 'auto' }}>
        {EMPTY_CART_MESSAGE}
      </Typography>
      <Button component={RouterLink} to="/collection" variant="contained" size="large">
        Browse the store
      </Button>
    </Box>
  );
}

/**
 * /place-order (SPEC §2 Checkout): delivery form, discount code, payment method (card
 * only) and an order summary priced with the server's own rules. The draft, the lines and the
 * preview are the store's; the app page hands in the buy-now item of the navigation state and a
 * way to load the catalog again.
 */
export function PlaceOrderPage({ buyNow, onRetry }: { buyNow: BuyNowItem | null; onRetry: () => void }) {
  useFeature(checkoutFeature);
  const dispatch = useAppDispatch();
  const now = useNow();
  const checkout = useAppSelector(selectCheckout);
  const catalog = useAppSelector(selectCatalogStatus);
  const lines = useAppSelector(selectCheckoutLines);
  const preview = useAppSelector((state) => selectCheckoutPreview(state, now));
  const toDate = linesToDate(preview?.lines);
  const { data: dated } = useGetLinesShipByQuery(toDate, { skip: toDate.length === 0 });
  const shipTexts = shipTextByKey(preview?.lines, dated);
  const checking = useAppSelector(selectDiscountChecking);
  const { form, paymentMethod } = checkout.draft;

  useEffect(() => {
    dispatch(checkoutOpened({ buyNow }));
  }, [dispatch, buyNow]);

  const busy = checkout.status === 'validating' || checkout.status === 'creatingSession' || checkout.status === 'redirecting';
  const locked = busy || checkout.status === 'confirmingTotal';

  // After a refused submission, take the shopper to the first field that needs them.
  const firstInvalid = FIELD_ORDER.find((f) => checkout.fieldErrors[f]);
  useEffect(() => {
    if (checkout.status === 'editing' && firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    // Only when a submission comes back, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkout.status]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!preview || locked) return;
    dispatch(orderSubmitted());
  };

  const heading = (
    <>
      <Typography variant="overline" color="primary" component="p">
        {checkout.buyNow ? 'Buy now' : 'Checkout'}
      </Typography>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: { xs: 2.5, md: 4 } }}>
        Place your order
      </Typography>
    </>
  );

  if (lines.length === 0 && checkout.status !== 'redirecting') {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
        {heading}
        <EmptyCheckout />
      </Container>
    );
  }

  let summaryBody: ReactNode;
  if (catalog.state === 'error') {
    summaryBody = <ErrorNotice title="We couldn't load your items" message={catalog.message} onRetry={onRetry} />;
  } else if (!preview) {
    summaryBody = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={26} />
        <Typography>Loading your items…</Typography>
      </Box>
    );
  } else {
    summaryBody = (
      <>
        <Box component="ul" aria-label="Order items" sx={{ listStyle: 'none', m: 0, p: 0, mb: 1 }}>
          {preview.lines.map((line) => (
            <SummaryLine key={line.key} line={line} problem={problemFor(preview.problems, line.key)} shipText={line.status === 'ok' ? (shipTexts[line.key] ?? null) : undefined} />
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <DiscountField
          code={checkout.draft.discountCode}
          discount={checkout.discount}
          error={checkout.discountError}
          checking={checking}
          disabled={locked}
          onCodeChange={(code) => dispatch(discountCodeEdited(code))}
          onApply={() => dispatch(discountCodeSubmitted())}
          onRemove={() => dispatch(discountRemoved())}
        />
        <Box sx={{ mt: 1.5 }}>
          <TotalsList totals={preview.totals} discount={checkout.discount} />
        </Box>
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      {heading}
      <Box
        component="form" method="post"
        id="place-order-form"
        onSubmit={submit}
        noValidate
        aria-label="Place order"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 400px' }, gap: { xs: 3, md: 4 }, alignItems: 'start' }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Panel title="Delivery information" icon={<LocalShippingOutlined />} labelId="delivery-title">
            <AddressFields
              form={form}
              errors={checkout.fieldErrors}
              disabled={locked}
              onChange={(field, value) => dispatch(fieldEdited({ field, value }))}
              onBlur={(field) => dispatch(fieldLeft(field))}
            />
          </Panel>
          <Panel title="Payment method" icon={<CreditCard />} labelId="payment-title">
            <RadioGroup aria-labelledby="payment-title" name="paymentMethod" value={paymentMethod} onChange={(e) => dispatch(paymentMethodChosen(e.target.value))} sx={{ gap: 1.25 }}>
              <FormControlLabel
                value="card"
                disabled={locked}
                control={<Radio color="secondary" />}
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 800 }}>Credit or debit card</Typography>
                    <Typography variant="body2" color="text.secondary">
                      You'll pay on a secure card page, then come right back.
                    </Typography>
                  </Box>
                }
                sx={{ m: 0, p: 1.5, pr: 2, border: 2, borderRadius: '16px', borderColor: paymentMethod === 'card' ? 'secondary.main' : 'divider', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
              />
              <FormControlLabel
                value="cod"
                disabled
                control={<Radio />}
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 800 }}>Cash on delivery</Typography>
                    <Typography variant="body2">Not available</Typography>
                  </Box>
                }
                sx={{ m: 0, p: 1.5, pr: 2, border: 2, borderRadius: '16px', borderColor: 'divider', borderStyle: 'dashed', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
              />
            </RadioGroup>
          </Panel>
        </Box>

        <Box
          component="section"
          aria-labelledby="summary-title"
          sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', p: { xs: 2.25, md: 3 }, position: { md: 'sticky' }, top: { md: 100 }, minWidth: 0 }}
        >
          <Typography id="summary-title" variant="h5" component="h2" sx={{ mb: 1 }}>
            Order summary
          </Typography>
          {summaryBody}
          {checkout.formError && (
            <Alert severity="error" role="alert" sx={{ mt: 2, borderRadius: 3 }}>
              <strong>{checkout.formError}</strong>
              {checkout.errorDetail && <Box sx={{ mt: 0.5 }}>{checkout.errorDetail}</Box>}
            </Alert>
          )}
          <Button
            type="submit"
            form="place-order-form"
            variant="contained"
            size="large"
            fullWidth
            disabled={!preview || locked}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <LockOutlined />}
            aria-busy={busy}
            sx={{ mt: 2.5 }}
          >
            {busy ? 'Placing your order…' : preview ? `Place order · ${formatMoney(toDollars(preview.totals.total))}` : 'Place order'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
            Prices are confirmed by our server before you pay.
          </Typography>
        </Box>
      </Box>

      <Dialog open={checkout.status === 'confirmingTotal'} onClose={() => dispatch(newTotalDeclined())} aria-labelledby="total-changed-title">
        <DialogTitle id="total-changed-title">Your total has changed</DialogTitle>
        <DialogContent>
          {checkout.newTotal && preview && (
            <>
              <Typography sx={{ mb: 2 }}>
                Prices changed while you were checking out. The new total is <strong>{formatMoney(checkout.newTotal.amount)}</strong> (you saw{' '}
                {formatMoney(toDollars(preview.totals.total))}).
              </Typography>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, '& dd': { m: 0, textAlign: 'right', fontWeight: 700 } }}>
                <dt>Subtotal</dt>
                <dd>{formatMoney(checkout.newTotal.subtotal)}</dd>
                <dt>Delivery fee</dt>
                <dd>{checkout.newTotal.deliveryFee === 0 ? 'Free' : formatMoney(checkout.newTotal.deliveryFee)}</dd>
                {checkout.newTotal.discount > 0 && (
                  <>
                    <dt>Discount</dt>
                    <dd>−{formatMoney(checkout.newTotal.discount)}</dd>
                  </>
                )}
                <Box component="dt" sx={{ fontWeight: 800 }}>
                  New total
                </Box>
                <dd>{formatMoney(checkout.newTotal.amount)}</dd>
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => dispatch(newTotalDeclined())} color="inherit">
            Back to checkout
          </Button>
          <Button onClick={() => dispatch(newTotalConfirmed())} variant="contained">
            {checkout.newTotal ? `Pay ${formatMoney(checkout.newTotal.amount)}` : 'Confirm'}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
