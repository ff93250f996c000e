import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NativeSelectInput, SearchAdornment, TextInput } from '../../components/OutlinedField';
import { visuallyHidden } from '../../components/visuallyHidden';
import { CURRENCY } from '../../domain/money';
import type { User } from '../../domain/types';
import { useAppDispatch, useAppSelector, useFeature } from '../../store/hooks';
import { ordersFeature } from './ordersListeners';
import { selectShopTimeZone } from '../catalog';
import { selectSessionToken } from '../session';
import { OrderCard } from './OrderCard';
import { OrderCardSkeleton } from './OrderCardSkeleton';
import { useGetUserOrdersQuery } from './ordersApi';
import { selectOrders, selectOrdersFetching, selectPaymentResuming, selectRealOrderCount, selectRefreshingOrderId, selectResumingOrderId, selectVisibleOrders } from './ordersSelectors';
import {
  filtersCleared,
  unpaidCheckoutsToggled,
  orderDetailsToggled,
  orderStatusRequested,
  ordersPageOpened,
  paymentResumeRequested,
  searchMethodChanged,
  searchTextChanged,
  selectExpandedOrderId,
  selectOrderFilters,
  statusFilterChanged,
} from './ordersSlice';
import { ORDERS_TEXT, SEARCH_METHODS, searchPlaceholder, SHOW_UNPAID_LABEL, STATUS_FILTERS, welcomeText, type SearchMethod, type StatusFilter } from './rules';


function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 8 }, px: 2, border: 1, borderColor: 'divider', borderRadius: '22px', bgcolor: 'background.paper' }}>
      <Box sx={{ width: 72, height: 72, borderRadius: '50%', bgcolor: brand.tealSoft, display: 'grid', placeItems: 'center', mx: 'auto', mb: 2 }}>
        <Inventory2Outlined sx={{ fontSize: 34, color: 'secondary.main' }} aria-hidden />
      </Box>
      <Typography component="p" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

export interface OrdersPageProps {
  user: User | null;
  /** The 'Contact Support' button and its chat (the app page decides, from settings.showSupportInOrders). */
  support?: ReactNode;
  currency?: string;
}

/** /orders (SPEC §2 My Orders): greeting, filters, and the shopper's orders newest first. */
export function OrdersPage({ user, support, currency = CURRENCY }: OrdersPageProps) {
  useFeature(ordersFeature);
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSessionToken);
  const filters = useAppSelector(selectOrderFilters);
  const expandedId = useAppSelector(selectExpandedOrderId);
  const timeZone = useAppSelector(selectShopTimeZone);
  // SPEC §6: without a token the orders fetch does nothing.
  const { data, isLoading, isError, error, refetch } = useGetUserOrdersQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  const orders = useAppSelector(selectOrders);
  const visible = useAppSelector(selectVisibleOrders);
  const realOrderCount = useAppSelector(selectRealOrderCount);
  const refreshing = useAppSelector(selectOrdersFetching);
  const refreshingId = useAppSelector(selectRefreshingOrderId);
  // 'Complete payment' runs in ordersListeners; its call is read through the shared key.
  const resuming = useAppSelector(selectPaymentResuming);
  const resumingId = useAppSelector(selectResumingOrderId);

  useEffect(() => {
    dispatch(ordersPageOpened());
  }, [dispatch]);

  const refresh = () => {
    if (token) void refetch();
  };

  let body: ReactNode;
  if (isLoading) {
    // Cards' footprints: nothing jumps when the orders arrive; the status is read to screen readers.
    body = (
      <Box role="status" aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
        <Box component="span" sx={visuallyHidden}>
          Loading your orders…
        </Box>
        <OrderCardSkeleton />
        <OrderCardSkeleton />
      </Box>
    );
  } else if (isError && !data) {
    body = <ErrorNotice title="We couldn't load your orders" message={errorMessage(error)} onRetry={refresh} />;
  } else if (orders.length === 0 || (realOrderCount === 0 && !filters.showUnpaid)) {
    body = (
      <EmptyState
        title="No orders yet"
        text="When you place an order, it shows up here with its status and tracking number."
        action={
          <Button component={RouterLink} to="/collection" variant="contained" size="large">
            Start shopping
          </Button>
        }
      />
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        title="No orders match your filters"
        text="Try another order ID or product name, or clear the filters."
        action={
          <Button variant="outlined" onClick={() => dispatch(filtersCleared())}>
            {ORDERS_TEXT.clearFilters}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Box component="section" aria-label="Orders" sx={{ display: 'grid', gap: 2 }}>
        {visible.map((order) => (
          <OrderCard
            key={order._id}
            order={order}
            currency={currency}
            timeZone={timeZone}
            expanded={expandedId === order._id}
            refreshing={refreshing}
            refreshingHere={refreshingId === order._id}
            resuming={resuming}
            resumingHere={resumingId === order._id}
            onToggle={() => dispatch(orderDetailsToggled(order._id))}
            onRefresh={() => dispatch(orderStatusRequested(order._id))}
            onCompletePayment={() => dispatch(paymentResumeRequested(order._id))}
          />
        ))}
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: { xs: 3, md: 4 } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, letterSpacing: '0.04em' }}>
            {ORDERS_TEXT.heading}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {welcomeText(user)}
          </Typography>
        </Box>
        {support}
      </Box>

      <Box
        component="section"
        aria-label="Filter orders"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '180px minmax(0, 1fr) 200px auto auto' },
          gap: 1.5,
          alignItems: 'center',
          p: { xs: 2, md: 2.5 },
          mb: 3,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: '22px',
        }}
      >
        <NativeSelectInput
          size="small"
          label="Search by"
          value={filters.method}
          onChange={(e) => dispatch(searchMethodChanged(e.target.value as SearchMethod))}
          shrinkLabel
        >
          {SEARCH_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </NativeSelectInput>
        <TextInput
          size="small"
          value={filters.text}
          onChange={(e) => dispatch(searchTextChanged(e.target.value))}
          placeholder={searchPlaceholder(filters.method)}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' }, order: { sm: 3, md: 0 } }}
          inputProps={{ 'aria-label': 'Search orders', maxLength: 100 }}
          startAdornment={<SearchAdornment />}
        />
        <NativeSelectInput
          size="small"
          label="Status"
          value={filters.status}
          onChange={(e) => dispatch(statusFilterChanged(e.target.value as StatusFilter))}
          shrinkLabel
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelectInput>
        <FormControlLabel
          control={<Switch checked={filters.showUnpaid} onChange={(e) => dispatch(unpaidCheckoutsToggled(e.target.checked))} />}
          label={SHOW_UNPAID_LABEL}
          sx={{ m: 0, minHeight: 44, order: { sm: 4, md: 0 }, '& .MuiFormControlLabel-label': { fontWeight: 600, whiteSpace: 'nowrap' } }}
        />
        <Button variant="outlined" onClick={() => dispatch(filtersCleared())} sx={{ gridColumn: { sm: '1 / -1', md: 'auto' }, order: { sm: 4, md: 0 }, whiteSpace: 'nowrap' }}>
          {ORDERS_TEXT.clearFilters}
        </Button>
      </Box>

      {body}
    </Container>
  );
}
