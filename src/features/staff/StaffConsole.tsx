import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactElement } from 'react';
import { Link as RouterLink, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { brand } from '../../components/brand';
import { logoutConfirmed, realtimeSubscribed, realtimeUnsubscribed } from '../../store/events';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectUserProfile } from '../session';
import { STAFF_NAV, STAFF_PAGES, type StaffScreenKey } from '../../domain/routes';
import { staffCatalogScreens } from './catalog/routes';
import { staffCustomerScreens } from './customers/routes';
import { AbandonedPage } from './AbandonedPage';
import { DashboardPage } from './DashboardPage';
import { InboxPage } from './InboxPage';
import { OrderPage } from './OrderPage';
import { OrdersBoard } from './OrdersBoard';
import { SlipPage } from './fulfilment/SlipPage';
import { staffReviewsScreens } from './moderation/routes';
import { staffPrintingScreens } from './printing/routes';
import { startStaffListeners } from './staffListeners';
import './staffSlice';

/** The screen of each staff page of the route table (src/domain/routes.ts); the catalog editors bring theirs (catalog/routes.tsx). */
const SCREENS: Record<StaffScreenKey, ReactElement> = {
  dashboard: <DashboardPage />,
  inbox: <InboxPage />,
  ordersBoard: <OrdersBoard />,
  staffOrder: <OrderPage />,
  abandoned: <AbandonedPage />,
  packingSlips: <SlipPage />,
  ...staffReviewsScreens,
  ...staffCatalogScreens,
  ...staffPrintingScreens,
  ...staffCustomerScreens,
};

/** The console's routes, relative to /staff. */
const routes: RouteObject[] = [
  ...STAFF_PAGES.map((page): RouteObject => (page.path === '' ? { index: true, element: SCREENS[page.screen] } : { path: page.path, element: SCREENS[page.screen] })),
  { path: '*', element: <StaffNotFound /> },
];

const NAV = STAFF_NAV;

/**
 * The section a console path belongs to: the dashboard is `/staff` alone, abandoned checkouts sit
 * with the orders, every other entry owns its subtree.
 */
function isCurrent(to: string, pathname: string): boolean {
  if (to === '/staff') return pathname === '/staff' || pathname === '/staff/';
  if (to === '/staff/orders' && (pathname === '/staff/abandoned' || pathname.startsWith('/staff/abandoned/'))) return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}

function StaffNotFound() {
  return (
    <Box sx={{ p: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Page not found
      </Typography>
      <Link component={RouterLink} to="/staff">
        Back to the dashboard
      </Link>
    </Box>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {NAV.map((item) => (
        <li key={item.to}>
          <Box
            component={RouterLink}
            to={item.to}
            onClick={onNavigate}
            aria-current={isCurrent(item.to, pathname) ? 'page' : undefined}
            sx={{
              display: 'block',
              px: 2,
              py: 1.25,
              borderRadius: 2,
              color: 'text.primary',
              textDecoration: 'none',
              fontWeight: 600,
              '&:hover': { bgcolor: brand.coralSoft },
              '&[aria-current="page"]': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              '&:focus-visible': { outline: `3px solid ${brand.teal}`, outlineOffset: 2 },
            }}
          >
            {item.label}
          </Box>
        </li>
      ))}
    </Box>
  );
}

/**
 * The staff console: its own lazy chunk at /staff/*, behind RequireStaff. A side
 * navigation on a desktop, a menu on a phone; the live connection (the staff room: every new chat
 * message) is open while it is mounted, and its listeners run only then.
 */
export default function StaffConsole() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectUserProfile);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const stop = startStaffListeners(dispatch);
    dispatch(realtimeSubscribed());
    return () => {
      dispatch(realtimeUnsubscribed());
      stop();
    };
  }, [dispatch]);

  const page = useRoutes(routes);

  return (
    // Rows: the bar, then the page (which takes the rest of the screen, never the bar).
    // `staff-console` and `staff-chrome` name what a printed page (a packing slip) leaves out.
    <Box className="staff-console" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }, gridTemplateRows: 'auto 1fr', minHeight: '100vh' }}>
      <Box
        className="staff-chrome"
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1.5, md: 3 },
          py: 1,
          bgcolor: brand.ink,
          color: '#fff',
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <IconButton
          aria-label="Open the console menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          sx={{ display: { md: 'none' }, color: 'inherit' }}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="p" sx={{ fontFamily: '"Fredoka Variable", sans-serif', fontWeight: 650, fontSize: '1.25rem', flexGrow: 1 }}>
          LayerLoft <Box component="span" sx={{ color: brand.sun }}>Staff</Box>
        </Typography>
        {profile && (
          <Typography component="p" sx={{ display: { xs: 'none', sm: 'block' }, fontSize: '0.9rem', opacity: 0.85 }}>
            {profile.name}
          </Typography>
        )}
        <Button component={RouterLink} to="/" size="small" sx={{ color: 'inherit', display: { xs: 'none', sm: 'inline-flex' } }}>
          Store
        </Button>
        <Button size="small" variant="outlined" onClick={() => dispatch(logoutConfirmed())} sx={{ color: 'inherit', borderColor: 'rgba(255,255,255,0.6)' }}>
          Log out
        </Button>
      </Box>
      <Box component="nav" className="staff-chrome" aria-label="Staff console" sx={{ display: { xs: 'none', md: 'block' }, p: 2, borderRight: `1px solid ${brand.line}`, bgcolor: 'background.paper' }}>
        <NavLinks />
      </Box>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} sx={{ display: { md: 'none' } }}>
        <Box component="nav" aria-label="Staff console" sx={{ width: 260, p: 2 }}>
          <NavLinks onNavigate={() => setMenuOpen(false)} />
          <Box sx={{ mt: 2, px: 2 }}>
            <Link component={RouterLink} to="/" onClick={() => setMenuOpen(false)}>
              Back to the store
            </Link>
          </Box>
        </Box>
      </Drawer>
      <Box sx={{ minWidth: 0 }}>{page}</Box>
    </Box>
  );
}
