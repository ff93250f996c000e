import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatChange, PERIOD_COMPARED_WITH, PERIOD_LABELS, type DashboardFigures, type DashboardPeriod } from '../../domain/dashboard';
import { formatMoney } from '../../domain/money';
import { chartGeometry, dayLabel, periodBoardUrl } from './dashboardRules';
import { AT_RISK_BOARD_URL, AT_RISK_COUNT_ARGS, STAFF_TEXT } from './rules';
import { useGetDashboardQuery, useSearchStaffOrdersQuery } from './staffApi';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const tileSx = {
  display: 'block',
  p: 2,
  borderRadius: 3,
  border: `1px solid ${brand.line}`,
  bgcolor: 'background.paper',
  color: 'text.primary',
  textDecoration: 'none',
  minWidth: 0,
  '&:hover': { borderColor: brand.coral },
  '&:focus-visible': { outline: `3px solid ${brand.teal}`, outlineOffset: 2 },
} as const;

function Tile({ to, label, value, detail, testId }: { to: string; label: string; value: ReactNode; detail?: ReactNode; testId: string }) {
  return (
    <Box component={RouterLink} to={to} data-testid={testId} sx={tileSx}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 700, color: 'text.secondary', fontSize: '0.9rem' }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ display: 'block', fontFamily: '"Fredoka Variable", sans-serif', fontWeight: 650, fontSize: '1.9rem', lineHeight: 1.2 }}>
        {value}
      </Typography>
      {detail && (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/** Orders the print queue plans past their promised date: the board's "At risk" view, asked for its count. */
function AtRiskTile() {
  const { data } = useSearchStaffOrdersQuery(AT_RISK_COUNT_ARGS);
  const n = data?.total;
  return <Tile to={AT_RISK_BOARD_URL} testId="tile-at-risk" label="At risk" value={n ?? '…'} detail={n === undefined ? 'ship-by dates in danger' : plural(n, 'order may miss its date', 'orders may miss their date')} />;
}

function SalesTile({ period }: { period: DashboardPeriod }) {
  const change = formatChange(period.sales, period.previousSales);
  return (
    <Tile
      to={periodBoardUrl(period)}
      testId={`tile-${period.key}`}
      label={PERIOD_LABELS[period.key]}
      value={formatMoney(period.sales)}
      detail={
        <>
          <Box component="span" data-testid={`tile-${period.key}-orders`}>
            {plural(period.orders, 'paid order', 'paid orders')}
          </Box>
          <br />
          {change} sales vs {PERIOD_COMPARED_WITH[period.key]} ({formatMoney(period.previousSales)}, {plural(period.previousOrders, 'order', 'orders')})
        </>
      }
    />
  );
}

function DailyChart({ days }: { days: DashboardFigures['daily'] }) {
  const g = chartGeometry(days);
  const best = days.reduce((b, d) => (d.sales > b.sales ? d : b), days[0] ?? { day: '', sales: 0, orders: 0 });
  return (
    <Box component="section" aria-labelledby="daily-title" sx={{ ...tileSx, '&:hover': undefined }}>
      <Typography id="daily-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Daily sales, last 30 days
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 1 }}>
        <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'space-between', fontSize: '0.75rem', color: 'text.secondary', textAlign: 'right', py: 0 }}>
          {g.ticks.map((t) => (
            <span key={t.value}>{formatMoney(t.value).replace(/\.00$/, '')}</span>
          ))}
        </Box>
        <Box
          component="svg"
          viewBox={`0 0 ${g.width} ${g.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Daily sales for the last 30 days; best day ${dayLabel(best.day)} with ${formatMoney(best.sales)}. The table below gives every day.`}
          sx={{ width: '100%', height: { xs: 140, md: 200 }, display: 'block', overflow: 'visible' }}
        >
          {g.ticks.map((t) => (
            <line key={t.value} x1={0} x2={g.width} y1={t.y} y2={t.y} stroke={brand.line} strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {g.bars.map((b, i) => (
            <rect key={b.day} data-testid="chart-bar" x={b.x} y={b.y} width={b.width} height={b.height} rx={2} fill={i === g.bars.length - 1 ? brand.coral : brand.teal}>
              <title>{`${dayLabel(b.day)}: ${formatMoney(b.sales)}`}</title>
            </rect>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '0.75rem', color: 'text.secondary', pl: 5, mt: 0.5 }} aria-hidden>
        <span>{dayLabel(days[0]?.day ?? '')}</span>
        <span>Today</span>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>Sales per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td>{formatMoney(d.sales)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/**
 * The console's front page (`/staff`): the day at a glance. Sales and paid orders for
 * today, 7 and 30 days against the period before, what waits (orders to fulfil, unread
 * conversations), abandoned checkouts, a 30-day chart and the best sellers. Every figure comes from
 * the server (GET /api/staff/dashboard) and is read again when the staff room announces an order
 * change (staffListeners.ts); every tile links to the list behind it.
 */
export function DashboardPage() {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetDashboardQuery();

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data ? `Days in ${data.timeZone.replace(/_/g, ' ')} time · updates as orders are paid or refunded` : ' '}
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {isFetching ? 'Loading the figures…' : ''}
      </Box>
      {isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error) || STAFF_TEXT.loadFailed}
        </Alert>
      ) : isLoading || !data ? (
        <Box aria-hidden sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box component="section" aria-label="Sales" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            {data.periods.map((p) => (
              <SalesTile key={p.key} period={p} />
            ))}
          </Box>
          <Box component="section" aria-label="To do" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(5, 1fr)' } }}>
            <Tile to="/staff/orders?view=toFulfil" testId="tile-to-fulfil" label="To fulfil" value={data.toFulfil} detail="paid, not delivered" />
            <AtRiskTile />
            <Tile to="/staff/inbox" testId="tile-unread" label="Unread chats" value={data.unreadConversations} detail={plural(data.unreadConversations, 'conversation waits', 'conversations wait')} />
            <Tile to="/staff/abandoned" testId="tile-abandoned" label="Abandoned checkouts" value={data.abandoned.count} detail={`${formatMoney(data.abandoned.value)} in carts, 30 days`} />
            <Tile to={periodBoardUrl(data.periods[2]!)} testId="tile-aov" label="Average order" value={formatMoney(data.averageOrderValue)} detail="paid orders, 30 days" />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
            <DailyChart days={data.daily} />
            <Box component="section" aria-labelledby="top-title" sx={{ ...tileSx, '&:hover': undefined }}>
              <Typography id="top-title" component="h2" variant="h6" sx={{ mb: 1 }}>
                Best sellers, 30 days
              </Typography>
              {data.topProducts.length === 0 ? (
                <Typography color="text.secondary">No paid orders in the last 30 days yet.</Typography>
              ) : (
                <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
                  {data.topProducts.map((p) => (
                    <li key={`${p.productId}-${p.name}`}>
                      <Box component={RouterLink} to={`/staff/orders?q=${encodeURIComponent(p.name)}`} sx={{ color: 'primary.dark', fontWeight: 700 }}>
                        {p.name}
                      </Box>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {plural(p.units, 'unit', 'units')}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}
