import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatMoney } from '../../domain/money';
import { navigationRequested } from '../../store/events';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectLocation } from '../router';
import { formatWhen } from './format';
import { abandonedQueryArgs, pageCount, STAFF_TEXT } from './rules';
import { useSearchStaffOrdersQuery } from './staffApi';
import { StaffListState } from './StaffListState';
import { StaffPager } from './StaffPager';

const checkouts = (n: number) => `${n} ${n === 1 ? 'checkout' : 'checkouts'}`;

/**
 * Abandoned checkouts (`/staff/abandoned`): checkouts cancelled before any payment (the
 * shopper cancelled or closed the card page, or the session expired), newest first, with the cart
 * each held and its value. They are kept, but are not orders: the board and the dashboard leave
 * them out. The page lives in the url (`?page=`).
 */
export function AbandonedPage() {
  const dispatch = useAppDispatch();
  const args = useAppSelector((state) => abandonedQueryArgs(selectLocation(state).search));
  const query = useSearchStaffOrdersQuery(args);
  const { data, isFetching } = query;
  const page = Number(args.page);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const goTo = (p: number) => dispatch(navigationRequested(p > 1 ? `/staff/abandoned?page=${p}` : '/staff/abandoned'));

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1000 }}>
      <Box component={RouterLink} to="/staff/orders" sx={{ display: 'inline-block', mb: 1, color: 'primary.dark' }}>
        ← Orders
      </Box>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        Abandoned checkouts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        Checkouts the shopper cancelled or left on the card page, or whose payment time ran out. Nothing was charged; they are kept here and never counted as orders.
      </Typography>
      {data && data.total > 0 && (
        <Typography sx={{ fontWeight: 700, mb: 2 }} data-testid="abandoned-summary">
          {checkouts(data.total)} worth {formatMoney(data.value)}
        </Typography>
      )}
      <StaffListState
        query={query}
        errorText={errorMessage(query.error) || STAFF_TEXT.loadFailed}
        loadingText="Loading abandoned checkouts…"
        foundText={data ? `${checkouts(data.total)} found` : null}
        emptyText={data && data.orders.length === 0 ? 'No abandoned checkouts. Every checkout so far was paid or is still open.' : null}
        skeletons={{ count: 3, height: 88 }}
      >
        <Box component="ul" aria-label="Abandoned checkouts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, opacity: isFetching ? 0.6 : 1 }}>
          {data?.orders.map((o) => (
            <Box
              component="li"
              key={o._id}
              data-testid="abandoned-checkout"
              data-order-id={o._id}
              sx={{ bgcolor: 'background.paper', border: `1px solid ${brand.line}`, borderRadius: 3, p: 2, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {o.customer ? `${o.customer.name} · ${o.customer.email}` : o.deliveryEmail}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Started {formatWhen(o.date)} ·{' '}
                  <Box component={RouterLink} to={`/staff/orders/${o._id}`} sx={{ color: 'primary.dark' }}>
                    details<Box component="span" sx={visuallyHidden}> of the checkout ref {o._id.slice(-8)}</Box>
                  </Box>
                </Typography>
                <Box component="ul" aria-label="Cart" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {o.items.map((item, i) => (
                    <Typography component="li" variant="body2" key={`${item.productId ?? item.name}-${i}`}>
                      {item.quantity} × {item.name}
                    </Typography>
                  ))}
                </Box>
              </Box>
              <Typography sx={{ fontWeight: 800, fontSize: '1.1rem', textAlign: { sm: 'right' } }}>{formatMoney(o.amount)}</Typography>
            </Box>
          ))}
        </Box>
      </StaffListState>
      {data && data.total > data.pageSize && <StaffPager label="Abandoned checkout pages" page={page} pages={pages} count={checkouts(data.total)} onPage={goTo} />}
    </Box>
  );
}
