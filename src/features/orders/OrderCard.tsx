import CreditCard from '@mui/icons-material/CreditCard';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import { visuallyHidden } from '../../components/visuallyHidden';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { formatCents } from '../../domain/money';
import { orderLineTotalCents, orderLineUnitCents, variantView } from '../../domain/orderLines';
import type { Order, OrderItem } from '../../domain/types';
import { firstImage, ORDERS_TEXT, orderCardView, orderDetailsView, type OrderDetailsView, type StatusDot } from './rules';

/** Dot colours (SPEC §4): green Delivered, red Cancelled/Refunded, yellow otherwise. */
export const DOT_COLORS: Record<StatusDot, string> = { green: '#2E9D5B', red: '#D64545', yellow: brand.sun };

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', fontFamily: mono ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : undefined, fontSize: mono ? '0.92rem' : undefined }}>
        {children}
      </Typography>
    </Box>
  );
}

function ItemRow({ item, currency }: { item: OrderItem; currency: string }) {
  const v = variantView(item.color);
  return (
    <Box
      component="li"
      data-testid="order-item"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '56px minmax(0, 1fr)', sm: '64px minmax(0, 1fr) repeat(3, minmax(72px, auto))' },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box
        component="img"
        src={assetUrl(firstImage(item.image))}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        sx={{ width: { xs: 56, sm: 64 }, height: { xs: 56, sm: 64 }, borderRadius: '14px', objectFit: 'cover', bgcolor: brand.sunSoft, gridRow: { xs: 'span 2', sm: 'auto' } }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{item.name}</Typography>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
          {v.isBundle && <Chip size="small" label={ORDERS_TEXT.bundleDeal} sx={{ bgcolor: brand.lilacSoft, color: '#5B3FA8' }} />}
          {v.color && <Chip size="small" variant="outlined" label={`Color: ${v.color}`} />}
          {v.size && <Chip size="small" variant="outlined" label={`Size: ${v.size}`} />}
        </Box>
        {item.contents && item.contents.length > 0 && (
          <Typography variant="body2" data-testid="bundle-contents" sx={{ color: 'text.secondary', mt: 0.5 }}>
            Inside: {item.contents.map((c) => c.name).join(', ')}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, auto)',
          justifyContent: { xs: 'start', sm: 'stretch' },
          columnGap: { xs: 2.5, sm: 2 },
          gridColumn: { xs: '2', sm: 'span 3' },
          textAlign: { sm: 'right' },
        }}
      >
        <Field label={ORDERS_TEXT.unitPrice}>{formatCents(orderLineUnitCents(item), currency)}</Field>
        <Field label={ORDERS_TEXT.quantity}>{item.quantity}</Field>
        <Field label={ORDERS_TEXT.total}>{formatCents(orderLineTotalCents(item), currency)}</Field>
      </Box>
    </Box>
  );
}

const subheading = { fontSize: '0.8rem', fontWeight: 800, letterSpacing: '0.04em', textTransform: 'uppercase', color: 'text.secondary', mb: 0.5 } as const;

/** Placed date, delivery address, money breakdown and refunds of an expanded order. */
function OrderDetailsBlock({ details }: { details: OrderDetailsView }) {
  return (
    <Box data-testid="order-breakdown" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
      <Box>
        <Typography component="h3" sx={subheading}>
          Placed
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{details.placed}</Typography>
        <Typography component="h3" sx={{ ...subheading, mt: 1.5 }}>
          Delivery address
        </Typography>
        <Typography component="address" data-testid="order-address" sx={{ fontStyle: 'normal', lineHeight: 1.5 }}>
          {details.addressLines.map((line, i) => (
            <Box component="span" key={i} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {line}
            </Box>
          ))}
        </Typography>
      </Box>
      <Box>
        <Typography component="h3" sx={subheading}>
          Payment
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.25, maxWidth: 280 }}>
          {details.totals.map((t, i) => (
            <Box key={t.label} sx={{ display: 'contents', fontWeight: i === details.totals.length - 1 ? 800 : 500 }}>
              <Box component="dt">{t.label}</Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {t.value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      {details.refunds.length > 0 && (
        <Box>
          <Typography component="h3" sx={subheading}>
            Refunds
          </Typography>
          <Box component="ul" data-testid="order-refunds" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {details.refunds.map((r) => (
              <Box component="li" key={r.id} data-testid="order-refund" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, maxWidth: 280 }}>
                <span>{r.date}</span>
                <Box component="span" sx={{ fontWeight: 700, color: '#8A2A0F' }}>
                  {r.amount}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

export interface OrderCardProps {
  order: Order;
  expanded: boolean;
  currency: string;
  /** The shop's zone, the one its dates read in. */
  timeZone: string;
  /** A refresh is running (from any card): the 'Order Status' buttons wait for it. */
  refreshing: boolean;
  /** This card's 'Order Status' started the running refresh: its button shows the progress. */
  refreshingHere?: boolean;
  /** A payment hand-over is running (from any card): the 'Complete payment' buttons wait for it. */
  resuming?: boolean;
  /** This card's 'Complete payment' started it: its button shows the progress. */
  resumingHere?: boolean;
  onToggle: () => void;
  onRefresh: () => void;
  onCompletePayment: () => void;
}

/** One order (SPEC §2): picture, id, payment method, total, tracking, status dot, refresh and details. */
export function OrderCard({ order, expanded, currency, timeZone, refreshing, refreshingHere = false, resuming = false, resumingHere = false, onToggle, onRefresh, onCompletePayment }: OrderCardProps) {
  const view = orderCardView(order, currency, timeZone);
  const details = orderDetailsView(order, currency, timeZone);
  const detailsId = `order-details-${view.id}`;
  return (
    <Box
      component="article"
      data-testid="order-card"
      data-order-id={view.id}
      aria-label={`Order ${view.id}`}
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: expanded ? brand.coralSoft : 'divider', borderRadius: '22px', boxShadow: '0 8px 28px rgba(43,34,51,0.05)', overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '72px minmax(0, 1fr)', md: '96px minmax(0, 1fr)' },
          gap: { xs: 1.75, md: 3 },
          alignItems: 'center',
          p: { xs: 2, md: 2.5 },
        }}
      >
        <Box
          component="img"
          src={assetUrl(view.image)}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          sx={{ width: { xs: 72, md: 96 }, height: { xs: 72, md: 96 }, borderRadius: '18px', objectFit: 'cover', bgcolor: brand.sunSoft, alignSelf: 'start' }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0,1fr) minmax(0,1fr)', sm: 'minmax(0, 1.6fr) repeat(2, minmax(0, 1fr))', md: 'minmax(216px, 1.6fr) repeat(2, minmax(64px, 1fr))' }, gap: { xs: 1.25, md: 2 }, minWidth: 0, maxWidth: { md: 760 } }}>
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
            <Field label="Order">
              <Box component="span" data-testid="order-number">
                {view.number}
              </Box>
            </Field>
            <Field label="Order ID" mono>
              {view.id}
            </Field>
          </Box>
          <Field label="Payment">{view.paymentMethod}</Field>
          <Field label={ORDERS_TEXT.total}>
            <Box component="span" data-testid="order-total">
              {view.total}
            </Box>
          </Field>
          {view.trackingNumber && (
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 0.75, color: 'secondary.dark' }}>
              <LocalShippingOutlined fontSize="small" aria-hidden />
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                Tracking number: <span data-testid="tracking-number">{view.trackingNumber}</span>
              </Typography>
            </Box>
          )}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>
              Placed <span data-testid="order-date">{view.date}</span>
            </Typography>
            {view.partlyRefunded && <Chip size="small" data-testid="partly-refunded" label={view.partlyRefunded} sx={{ bgcolor: brand.coralSoft, color: '#8A2A0F', fontWeight: 700 }} />}
          </Box>
        </Box>
        {/*
          Status and buttons on their own row under the order's fields, so every card's fields line up
          whatever buttons it has. Phone: status, then 'Complete payment' full width, then the two
          others side by side; wider: one row, status on the left and the buttons on the right.
        */}
        <Box
          sx={{
            gridColumn: { xs: '1 / -1', md: '2 / -1' },
            display: { xs: 'grid', sm: 'flex' },
            gridTemplateColumns: '1fr 1fr',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1,
          }}
        >
          <Box
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 0.5,
              borderRadius: 999,
              bgcolor: brand.cream,
              border: 1,
              borderColor: 'divider',
              gridColumn: '1 / -1',
              justifySelf: 'start',
              mr: { sm: 'auto' },
            }}
          >
            <Box
              component="span"
              data-testid="status-dot"
              data-color={view.dot}
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: DOT_COLORS[view.dot], boxShadow: `0 0 0 3px ${DOT_COLORS[view.dot]}33` }}
            />
            <Typography component="span" data-testid="order-status" sx={{ fontWeight: 800, fontSize: '0.92rem' }}>
              {view.status}
            </Typography>
          </Box>
          {view.canCompletePayment && (
            // MUI's `loading` (as on every request button): a spinner in the icon's place, the label
            // kept, the button disabled until the call returns, so it cannot be sent twice.
            <Button
              size="small"
              variant="contained"
              startIcon={<CreditCard />}
              onClick={onCompletePayment}
              loading={resumingHere}
              loadingPosition="start"
              disabled={resuming}
              aria-busy={resumingHere}
              sx={{ gridColumn: '1 / -1' }}
            >
              {ORDERS_TEXT.completePayment}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<Refresh />}
            onClick={onRefresh}
            loading={refreshingHere}
            loadingPosition="start"
            disabled={refreshing}
            aria-busy={refreshingHere}
            sx={{ borderColor: 'divider' }}
          >
            {ORDERS_TEXT.orderStatus}
          </Button>
          <Button
            size="small"
            variant={expanded ? 'contained' : 'outlined'}
            color="secondary"
            endIcon={expanded ? <ExpandLess /> : <ExpandMore />}
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
          >
            {expanded ? ORDERS_TEXT.hideDetails : ORDERS_TEXT.showDetails}
          </Button>
        </Box>
      </Box>
      <Collapse in={expanded} unmountOnExit>
        <Box id={detailsId} sx={{ borderTop: 1, borderColor: 'divider', bgcolor: '#FFFCF7', px: { xs: 2, md: 3 }, py: 2 }}>
          {view.trackingNumber && (
            <Typography sx={{ mb: 1.5, fontWeight: 700 }}>
              Tracking number:{' '}
              {view.trackingUrl ? (
                <Link href={view.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link" sx={{ fontFamily: 'ui-monospace, monospace', color: 'secondary.dark' }}>
                  {view.trackingNumber}
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (opens the carrier’s tracking page)
                  </Box>
                </Link>
              ) : (
                <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                  {view.trackingNumber}
                </Box>
              )}
            </Typography>
          )}
          {details && <OrderDetailsBlock details={details} />}
          <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
            {ORDERS_TEXT.orderItems}
          </Typography>
          <Box component="ul" aria-label={ORDERS_TEXT.orderItems} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {order.items.map((item, i) => (
              <ItemRow key={`${item.productId ?? item.name}-${i}`} item={item} currency={currency} />
            ))}
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}
