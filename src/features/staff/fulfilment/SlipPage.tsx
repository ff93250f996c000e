import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import type { PackingSlip } from '../../../domain/fulfilment';
import { formatOrderNumber } from '../../../domain/orderNumber';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useGetPackingSlipsQuery } from './fulfilmentApi';
import { Address } from './AddressBlock';
import { slipIdsFrom } from './rules';

const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dayOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : DAY.format(t);
};

/** On paper: only the slips (the console's bar, menu and this page's buttons stay on screen), one order per sheet. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.staff-chrome, .slip-toolbar, [data-testid="test-mode-ribbon"]': { display: 'none !important' },
        '.staff-console': { display: 'block !important', background: '#fff !important' },
        'html, body, #root': { background: '#fff !important' },
        '.packing-slip': { border: 'none !important', boxShadow: 'none !important', margin: '0 !important', padding: '0 !important', breakAfter: 'page' },
        '.packing-slip:last-of-type': { breakAfter: 'auto' },
      },
      '@page': { margin: '14mm' },
    }}
  />
);

function Slip({ slip, shopName }: { slip: PackingSlip; shopName: string }) {
  const headingId = `slip-${slip._id}`;
  return (
    <Box
      component="article"
      className="packing-slip"
      aria-labelledby={headingId}
      data-testid="packing-slip"
      sx={{ bgcolor: '#fff', color: '#111', border: '1px solid #d8d2cc', borderRadius: 2, p: { xs: 2, md: 4 }, mb: 3, breakInside: 'avoid-page' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', borderBottom: '2px solid #111', pb: 1.5, mb: 2 }}>
        <Box>
          <Typography component="p" sx={{ fontFamily: '"Fredoka Variable", sans-serif', fontWeight: 650, fontSize: '1.4rem' }}>
            {shopName}
          </Typography>
          <Typography component="p" variant="body2">
            Packing slip
          </Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography id={headingId} component="h2" sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2 }}>
            {slip.orderNumber ? `Order ${formatOrderNumber(slip.orderNumber)}` : `${formatOrderNumber(null)} · ref ${slip._id.slice(-8)}`}
          </Typography>
          <Typography component="p" variant="body2">
            Ordered {dayOf(slip.date)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mb: 2 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '0.8rem', textTransform: 'uppercase', letterSpacing: 1, mb: 0.5 }}>
          Ship to
        </Typography>
        <Address address={slip.address} />
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', verticalAlign: 'top', py: 1, px: 0.75, borderBottom: '1px solid #d8d2cc' } }}>
        <Box component="caption" sx={visuallyHidden}>
          Items to pack
        </Box>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ width: 56 }}>
              Qty
            </Box>
            <th scope="col">Item</th>
            <Box component="th" scope="col" sx={{ width: 40 }}>
              <Box component="span" sx={visuallyHidden}>
                Packed
              </Box>
            </Box>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, i) => (
            <tr key={`${line.name}-${i}`}>
              <Box component="td" sx={{ fontWeight: 800, fontSize: '1.1rem' }}>
                {line.quantity}
              </Box>
              <td>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                  {line.image ? <Box component="img" src={line.image} alt="" sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} /> : null}
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{line.name}</Typography>
                    {line.options ? <Typography variant="body2">{line.options}</Typography> : null}
                    {line.contents.length > 0 ? (
                      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={`Inside ${line.name}`}>
                        {line.contents.map((c) => (
                          <Typography component="li" variant="body2" key={c.productId}>
                            {c.name}
                          </Typography>
                        ))}
                      </Box>
                    ) : null}
                  </Box>
                </Box>
              </td>
              <td>
                <Box aria-hidden sx={{ width: 20, height: 20, border: '2px solid #111', borderRadius: 0.5 }} />
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Thank you for shopping with {shopName}!
      </Typography>
    </Box>
  );
}

/**
 * Packing slips (`/staff/orders/:orderId/slip`, `/staff/slips?ids=…`): a printable page, one order per
 * sheet, with the shop, the order number and date, the address and the lines with their options and
 * a bundle's contents, and no prices (a slip travels in the parcel, a gift's too).
 */
export function SlipPage() {
  const { orderId } = useParams();
  const { search } = useLocation();
  const ids = orderId ? slipIdsFrom(`?ids=${orderId}`) : slipIdsFrom(search);
  const { data, isLoading, isError, error, refetch } = useGetPackingSlipsQuery(ids, { skip: ids.length === 0 });
  const back = orderId ? `/staff/orders/${orderId}` : '/staff/orders';
  const title = ids.length === 1 ? 'Packing slip' : `Packing slips (${ids.length})`;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 860 }}>
      {printStyles}
      <Box className="slip-toolbar" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Link component={RouterLink} to={back} sx={{ display: 'inline-block', mb: 0.5 }}>
            {orderId ? '← Back to the order' : '← All orders'}
          </Link>
          <Typography component="h1" variant="h4">
            {title}
          </Typography>
        </Box>
        {data && data.slips.length > 0 ? (
          <Button variant="contained" onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </Box>
      {ids.length === 0 ? (
        <Alert severity="info" className="slip-toolbar">
          No orders chosen. Choose orders on the board, then “Print slips”.
        </Alert>
      ) : isLoading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', p: 8 }}>
          <CircularProgress aria-hidden />
          <Box component="span" sx={visuallyHidden}>
            Loading the slips…
          </Box>
        </Box>
      ) : isError || !data ? (
        <Alert severity="error" className="slip-toolbar" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error) || 'Could not load the slips. Please try again.'}
        </Alert>
      ) : (
        <>
          {data.missing.length > 0 ? (
            <Alert severity="warning" className="slip-toolbar" sx={{ mb: 2 }}>
              {data.missing.length === 1 ? 'One order was not found' : `${data.missing.length} orders were not found`}: {data.missing.map((id) => `ref ${id.slice(-8)}`).join(', ')}.
            </Alert>
          ) : null}
          {data.slips.map((slip) => (
            <Slip key={slip._id} slip={slip} shopName={data.shopName} />
          ))}
        </>
      )}
    </Box>
  );
}
