import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { brand } from '../../../components/brand';
import { TextInput } from '../../../components/OutlinedField';
import type { CustomerDetail } from '../../../domain/customers';
import { formatMoney } from '../../../domain/money';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { formatWhen, orderTitle } from '../format';
import { StatusChip } from '../StatusChip';
import { useGetStaffCustomerQuery } from './customersApi';
import { DisabledChip } from './CustomersPage';
import { disableFormClosed, disableFormOpened, disableReasonTyped, selectStaffCustomers } from './customersSlice';
import { submitDisable, submitEnable } from './customersThunks';
import { CUSTOMER_TEXT, DISABLE_REASON_MAX } from './rules';

const card = { bgcolor: 'background.paper', border: `1px solid ${brand.line}`, borderRadius: 3, p: { xs: 2, md: 2.5 } } as const;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: 800, fontSize: '1.25rem' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The account's state and the way to disable it (with a reason) or enable it again. */
function AccountState({ customer }: { customer: CustomerDetail }) {
  const dispatch = useAppDispatch();
  const { disabling, changing } = useAppSelector(selectStaffCustomers);
  const form = disabling?.customerId === customer._id ? disabling : null;
  const busy = changing === customer._id;
  return (
    <Box component="section" aria-labelledby="account-heading" sx={card}>
      <Typography id="account-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Account
      </Typography>
      {customer.disabled ? (
        <>
          <Typography data-testid="account-state">
            Disabled{customer.disabledAt ? ` since ${formatWhen(customer.disabledAt)}` : ''}. The shopper cannot sign in.
          </Typography>
          {customer.disabledReason && (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              Reason: {customer.disabledReason}
            </Typography>
          )}
          <Button sx={{ mt: 1.5 }} variant="outlined" disabled={busy} onClick={() => void dispatch(submitEnable(customer._id))}>
            {busy ? 'Enabling…' : 'Enable account'}
          </Button>
        </>
      ) : form ? (
        <Box
          component="form"
          method="post"
          noValidate
          aria-label="Disable account"
          onSubmit={(e) => {
            e.preventDefault();
            void dispatch(submitDisable(customer._id));
          }}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <Typography variant="body2">Disabling signs the shopper out everywhere at once; they cannot sign in until the account is enabled again.</Typography>
          <TextInput
            label="Reason"
            multiline
            minRows={2}
            fullWidth
            required
            value={form.reason}
            error={!!form.error}
            helperText={form.error ?? 'Kept with the account for staff to read.'}
            onChange={(e) => dispatch(disableReasonTyped(e.target.value))}
            inputProps={{ maxLength: DISABLE_REASON_MAX }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" color="error" disabled={busy}>
              {busy ? 'Disabling…' : 'Disable account'}
            </Button>
            <Button type="button" onClick={() => dispatch(disableFormClosed())} disabled={busy}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          <Typography data-testid="account-state">Active. Joined {formatWhen(customer.createdAt)}.</Typography>
          <Button sx={{ mt: 1.5 }} variant="outlined" color="error" onClick={() => dispatch(disableFormOpened(customer._id))}>
            Disable account…
          </Button>
        </>
      )}
    </Box>
  );
}

/**
 * A customer's page (`/staff/customers/:customerId`): their figures, their account's state (and
 * disabling it), every order of theirs, and their support thread read only, with the way to the
 * conversation in the inbox. Order changes announced in the staff room refresh it.
 */
export default function CustomerPage() {
  const { customerId = '' } = useParams();
  const { data: customer, isLoading, isError, error, refetch } = useGetStaffCustomerQuery(customerId, { skip: !customerId });

  return (
    <>
      <Box component={RouterLink} to="/staff/customers" sx={{ display: 'inline-block', mb: 1, color: 'primary.dark' }}>
        ← Customers
      </Box>
      {isError ? (
        <>
          <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
            Customer
          </Typography>
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
            {errorMessage(error) || CUSTOMER_TEXT.loadFailed}
          </Alert>
        </>
      ) : isLoading || !customer ? (
        <Box role="status" aria-label="Loading the customer">
          <Skeleton variant="text" width={280} height={48} />
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {customer.name}
              {customer.disabled && <DisabledChip />}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Typography>
          </Box>
          <Box component="dl" sx={{ ...card, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Figure label="Orders" value={String(customer.orderCount)} testId="customer-orders" />
            <Figure label="Lifetime spend" value={formatMoney(customer.spend)} testId="customer-spend" />
            <Figure label="Refunded" value={formatMoney(customer.refunded)} />
            <Figure label="Last order" value={customer.lastOrderAt ? formatWhen(customer.lastOrderAt) : '—'} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
            <Box component="section" aria-labelledby="orders-heading" sx={card}>
              <Typography id="orders-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
                Orders
              </Typography>
              {customer.orders.length === 0 ? (
                <Typography color="text.secondary">{CUSTOMER_TEXT.noOrders}</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                  {customer.orders.map((o) => (
                    <Box component="li" key={o._id} data-testid="customer-order" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', py: 0.75, borderBottom: `1px solid ${brand.line}` }}>
                      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                        <Box component={RouterLink} to={`/staff/orders/${o._id}`} sx={{ fontWeight: 700, color: 'primary.dark' }}>
                          {orderTitle(o)}
                        </Box>
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {formatWhen(o.date)} · {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
                        </Typography>
                      </Box>
                      <Typography sx={{ fontWeight: 700 }}>{formatMoney(o.amount)}</Typography>
                      <StatusChip status={o.status} />
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <AccountState customer={customer} />
              <Box component="section" aria-labelledby="thread-heading" sx={card}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                  <Typography id="thread-heading" component="h2" variant="h6">
                    Support chat
                  </Typography>
                  {customer.conversation && (
                    <Box component={RouterLink} to={`/staff/inbox/${customer.conversation._id}`} sx={{ color: 'primary.dark', fontWeight: 700 }}>
                      Open in the inbox
                    </Box>
                  )}
                </Box>
                {!customer.conversation || customer.conversation.messages.length === 0 ? (
                  <Typography color="text.secondary">{CUSTOMER_TEXT.noThread}</Typography>
                ) : (
                  <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, maxHeight: 420, overflowY: 'auto' }} tabIndex={0}>
                    {customer.conversation.messages.map((m) => (
                      <Box
                        component="li"
                        key={m._id}
                        sx={{ justifySelf: m.isAdmin ? 'end' : 'start', maxWidth: '85%', bgcolor: m.isAdmin ? brand.tealSoft : brand.coralSoft, borderRadius: 2, px: 1.5, py: 1 }}
                      >
                        <Typography variant="caption" sx={{ display: 'block', fontWeight: 700 }}>
                          {m.isAdmin ? 'Shop' : customer.name} · {formatWhen(m.createdAt)}
                        </Typography>
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {m.body}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          </Box>
        </Box>
      )}
    </>
  );
}
