import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { NativeSelectInput, TextInput } from '../../components/OutlinedField';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatMoney } from '../../domain/money';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatOrderNumber } from '../../domain/orderNumber';
import { formatWhen, orderTitle, shortId } from './format';
import { actorLabel, allowedNextStatuses, canCarryTracking, STAFF_TEXT, trackingNumberError, TRACKING_MAX_LENGTH } from './rules';
import { useGetStaffOrderQuery } from './staffApi';
import { orderFormEdited, refundConfirmDismissed, selectOrderForm, selectRefundConfirm, selectUpdatingOrder } from './staffSlice';
import { submitOrderUpdate } from './staffThunks';
import { CARRIERS, type Carrier } from '../../domain/tracking';
import { useGetRefundPanelQuery } from './refundApi';
import { RefundPanel } from './RefundPanel';
import { refundsSummary } from './refundRules';
import { StatusChip } from './StatusChip';
import { Address } from './fulfilment/AddressBlock';
import { addressBlock } from '../../domain/fulfilment';
import { CopyAddressButton, NotesAndTags, OrderLines, OrderTimeline, useOrderFulfilment } from './fulfilment/OrderFulfilmentParts';
import { OrderPrintSummary } from './printing/OrderPrintSummary';
import type { StaffOrderDetail } from './types';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ bgcolor: 'background.paper', border: `1px solid ${brand.line}`, borderRadius: 3, p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '130px minmax(0, 1fr)', gap: 1, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function UpdateForm({ order }: { order: StaffOrderDetail }) {
  const dispatch = useAppDispatch();
  const form = useAppSelector((s) => selectOrderForm(s, order._id));
  const updating = useAppSelector(selectUpdatingOrder) === order._id;
  const next = allowedNextStatuses(order.status);
  const finalStatus = form.status || order.status;
  const trackingAllowed = canCarryTracking(finalStatus);
  const trackingError = trackingNumberError(form.tracking);
  if (next.length === 0 && !canCarryTracking(order.status)) {
    return <Typography color="text.secondary">This order is {order.status}: it cannot move any further.</Typography>;
  }
  return (
    <Box
      component="form" method="post"
      aria-label="Update the order"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void dispatch(submitOrderUpdate(order._id));
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <NativeSelectInput
        label="New status"
        size="small"
        fullWidth
        shrinkLabel
        value={form.status}
        disabled={next.length === 0}
        helperText={next.length === 0 ? `${order.status} is final.` : undefined}
        onChange={(e) => dispatch(orderFormEdited({ orderId: order._id, status: e.target.value as StaffOrderDetail['status'] | '' }))}
      >
        <option value="">Keep {order.status}</option>
        {next.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelectInput>
      {trackingAllowed ? (
        <TextInput
          label="Tracking number"
          size="small"
          fullWidth
          value={form.tracking}
          error={!!trackingError}
          helperText={trackingError ?? (order.trackingNumber ? `Now: ${order.trackingNumber}` : 'Optional; the shopper is e-mailed it.')}
          onChange={(e) => dispatch(orderFormEdited({ orderId: order._id, tracking: e.target.value }))}
          inputProps={{ maxLength: TRACKING_MAX_LENGTH }}
        />
      ) : null}
      {trackingAllowed ? (
        <NativeSelectInput
          label="Carrier"
          size="small"
          fullWidth
          shrinkLabel
          value={form.carrier ?? order.carrier ?? ''}
          helperText="The shopper's tracking link goes to this carrier's page."
          onChange={(e) => dispatch(orderFormEdited({ orderId: order._id, carrier: e.target.value as Carrier | '' }))}
        >
          <option value="">Choose the carrier</option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {c === 'Other' ? 'Other (no link)' : c}
            </option>
          ))}
        </NativeSelectInput>
      ) : (
        <Typography variant="body2" color="text.secondary">
          A tracking number goes only on a paid order{form.status ? ` (this one would be ${finalStatus})` : ''}.
        </Typography>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={updating} aria-busy={updating}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

function RefundDialog({ order }: { order: StaffOrderDetail }) {
  const dispatch = useAppDispatch();
  const confirm = useAppSelector(selectRefundConfirm);
  const open = confirm?.orderId === order._id;
  const close = () => dispatch(refundConfirmDismissed());
  return (
    <Dialog open={open} onClose={close} aria-labelledby="refund-title" aria-describedby="refund-text">
      <DialogTitle id="refund-title">Refund this order?</DialogTitle>
      <DialogContent>
        <DialogContentText id="refund-text">
          Moving order {formatOrderNumber(order.orderNumber)} to {confirm?.status ?? ''} gives {formatMoney(order.amount)} back to {order.customer?.name ?? 'the shopper'} through the payment provider. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Keep the order</Button>
        <Button variant="contained" color="primary" onClick={() => void dispatch(submitOrderUpdate(order._id, { confirmed: true }))}>
          Refund and move to {confirm?.status ?? ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Payment row's refunds: a summary of the very list the refund panel shows (one query, one cache entry). */
function PaymentRefunds({ orderId }: { orderId: string }) {
  const { data } = useGetRefundPanelQuery(orderId);
  if (!data) return <>…</>;
  return <span data-testid="order-refund">{refundsSummary(data) ?? 'None'}</span>;
}

/**
 * One order for staff (`/staff/orders/:id`): items, delivery, payment with its refund,
 * the status form (only the allowed next statuses; a refund asks to be confirmed), and the history
 * of status changes with who made them, and the audit entries.
 */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const valid = /^[0-9a-f]{24}$/.test(orderId);
  const { data, isLoading, isError, error, refetch } = useGetStaffOrderQuery(orderId, { skip: !valid });
  const { data: fulfilment } = useOrderFulfilment(valid ? orderId : '');

  const back = (
    <Link component={RouterLink} to="/staff/orders" sx={{ display: 'inline-block', mb: 1 }}>
      ← All orders
    </Link>
  );
  if (!valid) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        {back}
        <Typography component="h1" variant="h4">
          Order not found
        </Typography>
      </Box>
    );
  }
  if (isLoading) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', p: 8 }}>
        <CircularProgress aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          Loading the order…
        </Box>
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        {back}
        <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
          Order {shortId(orderId)}
        </Typography>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error) || STAFF_TEXT.loadFailed}
        </Alert>
      </Box>
    );
  }
  const { order, audit } = data;
  const a = order.address;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h4">
          {orderTitle(order)}
        </Typography>
        <StatusChip status={order.status} />
        <Button component={RouterLink} to={`/staff/orders/${order._id}/slip`} variant="outlined" size="small" sx={{ ml: { sm: 'auto' } }}>
          Packing slip
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {order._id} · placed {formatWhen(order.date)}
        {order.trackingNumber ? ` · tracking ${order.trackingNumber}` : ''}
      </Typography>
      <OrderPrintSummary orderId={order._id} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title="Items" id="order-items">
            <OrderLines items={order.items} bundleContents={fulfilment?.bundleContents ?? {}} />
            <Box component="dl" sx={{ m: 0, mt: 1 }}>
              <Row label="Subtotal">{formatMoney(order.subtotal)}</Row>
              {order.discount > 0 && <Row label="Discount">{`−${formatMoney(order.discount)}${order.discountCode ? ` (${order.discountCode})` : ''}`}</Row>}
              <Row label="Delivery">{formatMoney(order.deliveryFee)}</Row>
              <Row label="Total">{formatMoney(order.amount)}</Row>
            </Box>
          </Section>
          <Section title="Timeline" id="order-timeline">
            <OrderTimeline orderId={order._id} />
          </Section>
          <Section title="Status history" id="order-history">
            {order.history.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No status changes yet.
              </Typography>
            ) : (
              <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }} data-testid="order-history">
                {order.history.map((e) => (
                  <li key={e._id}>
                    <Typography variant="body2">
                      <b>{e.refund ? `Refunded ${formatMoney(e.refund.amount)}` : e.from ? `${e.from} → ${e.to}` : e.to}</b>
                      {e.trackingNumber ? ` · tracking ${e.trackingNumber}` : ''}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {actorLabel(e.by)} · {formatWhen(e.at)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Section>
          <Section title="Audit log" id="order-audit">
            {audit.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No staff changes yet.
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
                {audit.map((entry) => (
                  <li key={entry._id}>
                    <Typography variant="body2">
                      <b>{entry.action}</b> by {entry.actor.email ?? 'staff'} · {formatWhen(entry.createdAt)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {Object.entries(entry.changes)
                        .map(([field, c]) => `${field}: ${show(c.from)} → ${show(c.to)}`)
                        .join('; ')}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Section>
        </Box>
        {/* On a phone the form comes first: staff fulfil from there. */}
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, order: { xs: -1, md: 0 } }}>
          <Section title="Update" id="order-update">
            <UpdateForm order={order} />
          </Section>
          <Section title="Notes and tags" id="order-notes">
            <NotesAndTags orderId={order._id} />
          </Section>
          <Section title="Payment" id="order-payment">
            <Box component="dl" sx={{ m: 0 }}>
              <Row label="Method">{order.payment.method}</Row>
              <Row label="Amount">{formatMoney(order.amount)}</Row>
              <Row label="Provider">{show(order.payment.provider)}</Row>
              <Row label="Session">{show(order.payment.sessionStatus)}</Row>
              <Row label="Paid">{order.payment.paidAt ? formatWhen(order.payment.paidAt) : 'Not paid'}</Row>
              <Row label="Refunds">
                <PaymentRefunds orderId={order._id} />
              </Row>
            </Box>
          </Section>
          <RefundPanel orderId={order._id} />
          <Section title="Delivery" id="order-delivery">
            <Box component="dl" sx={{ m: 0 }}>
              <Row label="Address">
                <Address address={addressBlock(a)} />
              </Row>
              <Row label="Delivery e-mail">{order.deliveryEmail}</Row>
              <Row label="Account">{order.customer ? `${order.customer.name} (${order.customer.email})` : '—'}</Row>
            </Box>
            <CopyAddressButton address={a} />
          </Section>
        </Box>
      </Box>
      <RefundDialog order={order} />
    </Box>
  );
}
