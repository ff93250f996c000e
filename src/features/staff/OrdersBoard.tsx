import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { NativeSelectInput, TextInput } from '../../components/OutlinedField';
import { formatMoney } from '../../domain/money';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatWhen, orderTitle } from './format';
import { BOARD_STATUS_FILTERS, BOARD_VIEWS, boardQueryArgs, dateRangeError, pageCount, STAFF_TEXT, type BoardStatusFilter, type BoardView } from './rules';
import { useSearchStaffOrdersQuery } from './staffApi';
import { boardFilterEdited, selectBoardEdits } from './staffSlice';
import { applyBoardFilters, exportBoard, resetBoardFilters, selectBoardFilters } from './staffThunks';
import { StatusChip } from './StatusChip';
import { BulkActions, PageCheckbox, RowCheckbox } from './fulfilment/BulkActions';
import { StaffListFilters } from './StaffListFilters';
import { StaffListState } from './StaffListState';
import { StaffPager } from './StaffPager';

const ordersCount = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The order board (`/staff/orders`): search (order id, e-mail, product name), status, date
 * range and pages, all answered by the server; the applied filters live in the url, edits not yet
 * applied in the store.
 */
export function OrdersBoard() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectBoardFilters);
  const edits = useAppSelector(selectBoardEdits);
  const query = useSearchStaffOrdersQuery(boardQueryArgs(filters));
  const { data, isFetching } = query;
  const shown = { q: edits.q ?? filters.q, from: edits.from ?? filters.from, to: edits.to ?? filters.to };
  const rangeError = dateRangeError(shown.from, shown.to);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const filtered = filters.q !== '' || filters.view !== 'orders' || filters.status !== 'All' || filters.from !== '' || filters.to !== '';

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h4">
          Orders
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {/* Checkouts cancelled before any payment are not orders: they have a list of their own. */}
          <Box component={RouterLink} to="/staff/abandoned" sx={{ fontWeight: 700, color: 'primary.dark' }}>
            Abandoned checkouts
          </Box>
          <Button variant="outlined" size="small" onClick={() => void dispatch(exportBoard())}>
            Export CSV
          </Button>
        </Box>
      </Box>
      <StaffListFilters label="Find orders" onApply={() => !rangeError && dispatch(applyBoardFilters())} columns={{ xs: '1fr', sm: '1fr 1fr', lg: '2fr 1.2fr 1fr 1fr 1fr auto' }}>
        <TextInput
          label="Order, e-mail, product, tag or note"
          type="search"
          size="small"
          fullWidth
          value={shown.q}
          onChange={(e) => dispatch(boardFilterEdited({ field: 'q', value: e.target.value }))}
          inputProps={{ maxLength: 100 }}
          sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}
        />
        <NativeSelectInput
          label="Show"
          size="small"
          fullWidth
          value={filters.view}
          onChange={(e) => dispatch(applyBoardFilters({ view: e.target.value as BoardView }))}
        >
          {BOARD_VIEWS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </NativeSelectInput>
        <NativeSelectInput
          label="Status"
          size="small"
          fullWidth
          value={filters.status}
          onChange={(e) => dispatch(applyBoardFilters({ status: e.target.value as BoardStatusFilter }))}
        >
          {BOARD_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelectInput>
        <TextInput label="From" type="date" size="small" fullWidth shrinkLabel value={shown.from} onChange={(e) => dispatch(boardFilterEdited({ field: 'from', value: e.target.value }))} />
        <TextInput
          label="To"
          type="date"
          size="small"
          fullWidth
          shrinkLabel
          value={shown.to}
          error={!!rangeError}
          helperText={rangeError ?? undefined}
          onChange={(e) => dispatch(boardFilterEdited({ field: 'to', value: e.target.value }))}
        />
        <Box sx={{ display: 'flex', gap: 1, gridColumn: { sm: '1 / -1', lg: 'auto' } }}>
          <Button type="submit" variant="contained" disabled={!!rangeError}>
            Search
          </Button>
          <Button type="button" variant="text" onClick={() => dispatch(resetBoardFilters())} disabled={!filtered && Object.keys(edits).length === 0}>
            Clear
          </Button>
        </Box>
      </StaffListFilters>

      <BulkActions />
      <StaffListState
        query={query}
        errorText={errorMessage(query.error) || STAFF_TEXT.loadFailed}
        loadingText="Loading orders…"
        foundText={data ? `${ordersCount(data.total)} found` : null}
        emptyText={data && data.orders.length === 0 ? (filtered ? STAFF_TEXT.boardEmpty : STAFF_TEXT.noOrders) : null}
      >
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 3, border: `1px solid ${brand.line}`, opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          <Table size="small" aria-label="Orders" sx={{ tableLayout: 'fixed', width: '100%' }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" sx={{ width: 48 }}>
                  <PageCheckbox pageIds={data?.orders.map((o) => o._id) ?? []} />
                </TableCell>
                <TableCell>Order</TableCell>
                <TableCell sx={hideOnPhone}>Customer</TableCell>
                <TableCell sx={{ ...hideOnPhone, width: 80 }}>Items</TableCell>
                <TableCell sx={{ width: { xs: 84, md: 110 } }} align="right">
                  Total
                </TableCell>
                <TableCell sx={{ width: { xs: 124, md: 150 } }}>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.orders.map((o) => (
                <TableRow key={o._id} hover data-testid="staff-order-row" data-order-id={o._id}>
                  <TableCell padding="checkbox">
                    <RowCheckbox id={o._id} name={orderTitle(o)} />
                  </TableCell>
                  <TableCell sx={{ overflow: 'hidden' }}>
                    <Box component={RouterLink} to={`/staff/orders/${o._id}`} sx={{ fontWeight: 700, color: 'primary.dark' }}>
                      {orderTitle(o)}
                    </Box>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {formatWhen(o.date)}
                    </Typography>
                    {o.tags && o.tags.length > 0 ? (
                      <Box component="ul" aria-label="Tags" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {o.tags.map((t) => (
                          <Box component="li" key={t} sx={{ fontSize: '0.75rem', fontWeight: 600, bgcolor: brand.lilacSoft, color: '#4B2E8F', borderRadius: 4, px: 0.75 }}>
                            {t}
                          </Box>
                        ))}
                      </Box>
                    ) : null}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {o.deliveryEmail}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...hideOnPhone, overflow: 'hidden' }}>
                    <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {o.customer?.name ?? '—'}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {o.deliveryEmail}
                    </Typography>
                  </TableCell>
                  <TableCell sx={hideOnPhone}>{o.itemCount}</TableCell>
                  <TableCell align="right">{formatMoney(o.amount)}</TableCell>
                  <TableCell>
                    <StatusChip status={o.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </StaffListState>

      {data && data.total > 0 && (
        <StaffPager label="Order pages" page={filters.page} pages={pages} count={ordersCount(data.total)} onPage={(page) => dispatch(applyBoardFilters({ page }))} />
      )}
    </Box>
  );
}
