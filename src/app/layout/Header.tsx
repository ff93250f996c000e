import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, memo, Suspense, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { selectCartCount } from '../../features/cart/cartSlice';
import { SessionWatcher } from '../../features/session/SessionWatcher';
import { logoutConfirmed, selectIsLoggedIn } from '../../features/session/sessionSlice';
import { navigationRequested } from '../../store/events';
import { useWishlistCount } from '../../features/wishlist/useWishlist';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAccountLink } from '../../features/session/sessionSelectors';
import { Logo } from './Logo';
import { NAV_LINKS } from './navigation';

// Drawer and dialog (and MUI's modal machinery) load the first time one of them opens.
const MobileMenu = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.MobileMenu })));
const LogoutDialog = lazy(() => import('./HeaderMenus').then((m) => ({ default: m.LogoutDialog })));

function itemsLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

const countBadge = { '& .MuiBadge-badge': { minWidth: 20, height: 20, fontSize: '0.72rem' } } as const;

/**
 * Site header (SPEC §2): links, wishlist and cart counts, profile and logout. Below `md` the
 * links move into a slide-in drawer; below `sm` the logout icon does too (room for the counts).
 */
export const Header = memo(function Header() {
  const dispatch = useAppDispatch();
  const cartCount = useAppSelector(selectCartCount);
  // The server list when logged in (subscribed here, so the count follows it on every page).
  const wishlistCount = useWishlistCount();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const profile = useAppSelector(selectAccountLink, shallowEqual);
  const [drawerOpen, setDrawerOpenState] = useState(false);
  const [confirmOpen, setConfirmOpenState] = useState(false);
  // Mounted from the first opening on, so closing still plays the exit transition.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const setDrawerOpen = (open: boolean) => {
    if (open) setMenuLoaded(true);
    setDrawerOpenState(open);
  };
  const setConfirmOpen = (open: boolean) => {
    if (open) setDialogLoaded(true);
    setConfirmOpenState(open);
  };

  const askLogout = () => {
    setDrawerOpen(false);
    setConfirmOpen(true);
  };
  const confirmLogout = () => {
    setConfirmOpen(false);
    dispatch(logoutConfirmed());
    dispatch(navigationRequested('/'));
  };


  return (
    <AppBar position="sticky" sx={{ bgcolor: 'rgba(255,255,255,0.94)', backdropFilter: 'blur(8px)', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 76 }, gap: { xs: 0.5, md: 2 } }}>
          <IconButton
            aria-label="Open menu"
            aria-controls="mobile-menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' }, ml: -1 }}
          >
            <MenuIcon />
          </IconButton>

          <Box component={RouterLink} to="/" aria-label="LayerLoft home" sx={{ textDecoration: 'none', display: 'flex', alignItems: 'center', minHeight: 44, mr: { md: 2 } }}>
            <Logo />
          </Box>

          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1, justifyContent: 'center' }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                sx={{
                  color: 'text.primary',
                  fontSize: '0.95rem',
                  letterSpacing: '0.08em',
                  px: 2,
                  position: 'relative',
                  '&.active': { color: 'primary.main' },
                  '&.active::after': {
                    content: '""',
                    position: 'absolute',
                    bottom: 2,
                    left: '50%',
                    width: 18,
                    height: 4,
                    borderRadius: 2,
                    transform: 'translateX(-50%)',
                    bgcolor: 'primary.main',
                  },
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>

          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, ml: 'auto' }}>
            <IconButton component={RouterLink} to="/wishlist" aria-label={`Wishlist, ${itemsLabel(wishlistCount)}`} color="inherit">
              <Badge badgeContent={wishlistCount} color="primary" max={99} sx={countBadge}>
                <FavoriteBorder />
              </Badge>
            </IconButton>
            <IconButton component={RouterLink} to="/cart" aria-label={`Cart, ${itemsLabel(cartCount)}`} color="inherit">
              <Badge badgeContent={cartCount} color="primary" max={99} sx={countBadge}>
                <ShoppingBagOutlined />
              </Badge>
            </IconButton>
            <IconButton component={RouterLink} to={profile.to} aria-label={profile.label} color="inherit">
              <PersonOutline />
            </IconButton>
            {loggedIn && (
              <IconButton aria-label="Log out" onClick={askLogout} color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
                <Logout />
              </IconButton>
            )}
          </Box>
        </Toolbar>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={askLogout} profile={profile} loggedIn={loggedIn} />
        </Suspense>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <LogoutDialog open={confirmOpen} onCancel={() => setConfirmOpen(false)} onConfirm={confirmLogout} />
        </Suspense>
      )}
      <SessionWatcher />
    </AppBar>
  );
});
