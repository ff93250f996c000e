import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { formatPhone } from '../../domain/address';
import { formatCents, formatMoney } from '../../domain/money';
import { orderLineTotalCents, orderLineUnitCents, variantLabel } from '../../domain/orderLines';
import { formatOrderNumber } from '../../domain/orderNumber';
import { shipByDay } from '../../domain/madeToOrder';
import type { PlacedOrder } from '../../domain/types';
import { useAppSelector } from '../../store/hooks';
import { selectPlacedOrder } from './checkoutSlice';

/** What comes next; the processing step states the date the order was promised when it was paid. */
function nextSteps(order: PlacedOrder | null) {
  const shipBy = shipByDay(order?.shipBy);
  return [
    { icon: <MailOutline />, title: 'Email Confirmation', text: "You'll receive an order confirmation email with your order details shortly." },
    {
      icon: <PrecisionManufacturingOutlined />,
      title: 'Processing Time',
      text: shipBy ? `Every piece is printed and checked by hand: your order ships by ${shipBy}.` : 'Every piece is printed and checked by hand; your order page shows when it ships.',
    },
    { icon: <LocalShippingOutlined />, title: 'Order Tracking', text: 'Once it ships, a tracking number appears on your orders page.' },
  ];
}

function OrderDetails({ order }: { order: PlacedOrder }) {
  const a = order.address;
  return (
    <Box
      component="section"
      aria-labelledby="placed-details-title"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', p: { xs: 2.25, md: 3.5 }, textAlign: 'left' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', mb: 1 }}>
        <Typography id="placed-details-title" variant="h5" component="h2">
          Order details
        </Typography>
        <Typography color="text.secondary" sx={{ fontWeight: 700 }}>
          Order number: <Box component="span" data-testid="placed-order-number" sx={{ color: 'text.primary' }}>{formatOrderNumber(order.orderNumber)}</Box>
        </Typography>
        <Typography color="text.secondary" sx={{ fontWeight: 700, overflowWrap: 'anywhere', flexBasis: '100%' }}>
          Order ID: <Box component="span" data-testid="placed-order-id" sx={{ color: 'text.primary', fontFamily: 'ui-monospace, monospace' }}>{order._id}</Box>
        </Typography>
        {shipByDay(order.shipBy) && (
          <Typography data-testid="placed-ship-by" sx={{ fontWeight: 800, color: 'secondary.dark', flexBasis: '100%' }}>
            Ships by {shipByDay(order.shipBy)}
          </Typography>
        )}
      </Box>
      <Box component="ul" aria-label="Ordered items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.items.map((item, i) => {
          const variant = variantLabel(item.color);
          const image = Array.isArray(item.image) ? item.image[0] : item.image;
          return (
            <Box component="li" key={`${item.productId ?? i}-${i}`} sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: 1.5, alignItems: 'center', py: 1.25 }}>
              <Box component="img" src={assetUrl(image)} alt="" width={56} height={56} sx={{ width: 56, height: 56, borderRadius: '12px', objectFit: 'cover', bgcolor: brand.sunSoft }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{item.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {variant && `${variant} · `}
                  {item.quantity} × {formatCents(orderLineUnitCents(item))}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 800 }}>{formatCents(orderLineTotalCents(item))}</Typography>
            </Box>
          );
        })}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 3 }}>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
            Delivery address
          </Typography>
          <Typography component="address" sx={{ fontStyle: 'normal', color: 'text.secondary', lineHeight: 1.6 }}>
            {a.firstName} {a.lastName}
            <br />
            {a.street}
            <br />
            {a.city}, {a.state} {a.zipcode}
            <br />
            {a.country}
            <br />
            {formatPhone(a.phone)}
          </Typography>
        </Box>
        <Box component="dl" aria-label="Amount paid" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, alignContent: 'start', '& dt': { color: 'text.secondary' }, '& dd': { m: 0, textAlign: 'right', fontWeight: 700 } }}>
          <dt>Subtotal</dt>
          <dd>{formatMoney(order.subtotal)}</dd>
          <dt>Delivery fee</dt>
          <dd>{order.deliveryFee === 0 ? 'Free' : formatMoney(order.deliveryFee)}</dd>
          {order.discount > 0 && (
            <>
              <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</dt>
              <dd>−{formatMoney(order.discount)}</dd>
            </>
          )}
          <Box component="dt" sx={{ pt: 1, borderTop: 1, borderColor: 'divider', fontWeight: 800, color: 'text.primary !important' }}>
            Total paid
          </Box>
          <Box component="dd" data-testid="placed-total" sx={{ pt: 1, borderTop: 1, borderColor: 'divider', fontWeight: '800 !important' }}>
            {formatMoney(order.amount)}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * /order-placed (SPEC §2 Order confirmation): the success message, the order just paid (id,
 * lines, total, address — known after /verify; a reload shows the general confirmation), the
 * e-mail notice, 'What's Next?' and the two ways on.
 */
export function OrderPlacedPage() {
  const order = useAppSelector(selectPlacedOrder);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Box sx={{ textAlign: 'center', mb: { xs: 3, md: 4 } }}>
        <Box sx={{ width: 84, height: 84, borderRadius: '50%', bgcolor: brand.tealSoft, display: 'grid', placeItems: 'center', mx: 'auto', mb: 2 }}>
          <CheckCircleRounded sx={{ fontSize: 52, color: 'secondary.main' }} aria-hidden />
        </Box>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 1.5 }}>
          Order Placed Successfully!
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem', maxWidth: 560, mx: 'auto' }}>
          Thank you for your order. A confirmation email {order ? <>has been sent to <strong>{order.address.email}</strong></> : 'is on its way to you'} with your order details.
        </Typography>
      </Box>

      {order && <OrderDetails order={order} />}

      <Box component="section" aria-labelledby="whats-next-title" sx={{ mt: { xs: 3, md: 4 } }}>
        <Typography id="whats-next-title" variant="h5" component="h2" sx={{ mb: 2, textAlign: 'center' }}>
          What's Next?
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          {nextSteps(order).map((step) => (
            <Box component="li" key={step.title} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '18px', p: 2.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Box sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: brand.sunSoft, color: 'primary.main', display: 'grid', placeItems: 'center', flexShrink: 0 }}>{step.icon}</Box>
              <Box>
                <Typography component="h3" sx={{ fontWeight: 800 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>

      {/* On a phone the two stack at one full width instead of two different widths. */}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap', mt: { xs: 4, md: 5 }, '& > a': { flex: { xs: '1 1 200px', sm: '0 0 auto' } } }}>
        <Button component={RouterLink} to="/orders" variant="contained" size="large">
          View Orders
        </Button>
        <Button component={RouterLink} to="/" variant="outlined" size="large">
          Continue Shopping
        </Button>
      </Box>
    </Container>
  );
}
