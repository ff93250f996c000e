import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { brand } from '../../../components/brand';
import { NativeSelectInput, TextInput } from '../../../components/OutlinedField';
import type { CustomerSort } from '../../../domain/customers';
import { formatMoney } from '../../../domain/money';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { formatWhen } from '../format';
import { pageCount } from '../rules';
import { useGetStaffCustomersQuery } from './customersApi';
import { customerSearchEdited, selectStaffCustomers } from './customersSlice';
import { applyCustomerFilters, exportCustomers, selectCustomerFilters } from './customersThunks';
import { CUSTOMER_TEXT, customerQueryArgs, SORT_OPTIONS, sortedBy } from './rules';
import { StaffListFilters } from '../StaffListFilters';
import { StaffListState } from '../StaffListState';
import { StaffPager } from '../StaffPager';

const customersCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'customer' : 'customers'}`;
const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } } as const;

/** A state chip beside a disabled account's name. */
export function DisabledChip() {
  return (
    <Box component="span" sx={{ ml: 1, px: 1, py: 0.25, borderRadius: 1, fontSize: '0.75rem', fontWeight: 700, bgcolor: '#EDE7EA', color: brand.ink, whiteSpace: 'nowrap' }}>
      Disabled
    </Box>
  );
}

/**
 * The customer list (`/staff/customers`): every shopper's account with their paid orders, lifetime
 * spend (paid minus refunded) and last order, searched, sorted and paged by the server; the
 * applied search, sort and page live in the url, the search as typed in the store.
 */
export default function CustomersPage() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectCustomerFilters);
  const typed = useAppSelector((s) => selectStaffCustomers(s).searchEdit);
  const query = useGetStaffCustomersQuery(customerQueryArgs(filters));
  const { data, isFetching } = query;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const column = (sort: CustomerSort, label: string, sx: object = {}, align: 'left' | 'right' = 'left') => (
    <TableCell sx={sx} align={align} sortDirection={filters.sort === sort ? filters.dir : false}>
      <TableSortLabel active={filters.sort === sort} direction={filters.sort === sort ? filters.dir : 'asc'} onClick={() => dispatch(applyCustomerFilters(sortedBy(filters, sort)))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h4">
          Customers
        </Typography>
        <Button variant="outlined" size="small" onClick={() => void dispatch(exportCustomers())}>
          Export CSV
        </Button>
      </Box>
      <StaffListFilters label="Find customers" onApply={() => dispatch(applyCustomerFilters())} columns={{ xs: '1fr auto', md: 'minmax(0, 420px) auto auto' }}>
        <TextInput
          label="Name or e-mail"
          type="search"
          size="small"
          fullWidth
          value={typed ?? filters.q}
          onChange={(e) => dispatch(customerSearchEdited(e.target.value))}
          inputProps={{ maxLength: 100 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        <NativeSelectInput
          label="Sort by"
          size="small"
          value={`${filters.sort}:${filters.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':') as [CustomerSort, 'asc' | 'desc'];
            dispatch(applyCustomerFilters({ sort, dir }));
          }}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 220 }}
        >
          {SORT_OPTIONS.flatMap((o) =>
            (['desc', 'asc'] as const).map((dir) => (
              <option key={`${o.value}:${dir}`} value={`${o.value}:${dir}`}>
                {o.label} ({o.directions[dir]})
              </option>
            )),
          )}
        </NativeSelectInput>
      </StaffListFilters>

      <StaffListState
        query={query}
        errorText={errorMessage(query.error) || CUSTOMER_TEXT.loadFailed}
        loadingText="Loading customers…"
        foundText={data ? `${customersCount(data.total)} found` : null}
        emptyText={data && data.customers.length === 0 ? (filters.q ? CUSTOMER_TEXT.noMatch : CUSTOMER_TEXT.empty) : null}
      >
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 3, border: `1px solid ${brand.line}`, opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          <Table size="small" aria-label="Customers" sx={{ tableLayout: 'fixed', width: '100%' }}>
            <TableHead>
              <TableRow>
                {column('name', 'Customer')}
                {column('orders', 'Orders', { ...hideOnPhone, width: 100 }, 'right')}
                {column('spend', 'Lifetime spend', { width: { xs: 110, md: 150 } }, 'right')}
                {column('lastOrder', 'Last order', { ...hideOnPhone, width: 170 })}
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.customers.map((c) => (
                <TableRow key={c._id} hover data-testid="customer-row" data-customer-id={c._id}>
                  <TableCell sx={{ overflow: 'hidden' }}>
                    <Box component={RouterLink} to={`/staff/customers/${c._id}`} sx={{ fontWeight: 700, color: 'primary.dark', overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Box>
                    {c.disabled && <DisabledChip />}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {c.email}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
                      {c.orderCount} {c.orderCount === 1 ? 'order' : 'orders'}
                      {c.lastOrderAt ? ` · last ${formatWhen(c.lastOrderAt)}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell sx={hideOnPhone} align="right">
                    {c.orderCount}
                  </TableCell>
                  <TableCell align="right">{formatMoney(c.spend)}</TableCell>
                  <TableCell sx={hideOnPhone}>{c.lastOrderAt ? formatWhen(c.lastOrderAt) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </StaffListState>

      {data && data.total > 0 && (
        <StaffPager label="Customer pages" page={filters.page} pages={pages} count={customersCount(data.total)} onPage={(page) => dispatch(applyCustomerFilters({ page }))} />
      )}
    </>
  );
}
