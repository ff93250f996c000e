import CloseIcon from '@mui/icons-material/Close';
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
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { brand } from '../../components/brand';
import { selectCartCount } from '../../features/cart/cartSlice';
import { SessionWatcher } from '../../features/session/SessionWatcher';
import { selectIsLoggedIn } from '../../features/session/sessionSlice';
import { useWishlistCount } from '../../features/wishlist/useWishlist';
import { loggedOut } from '../../store/events';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Logo } from './Logo';
import { CATEGORY_LINKS, NAV_LINKS } from './navigation';

function itemsLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

const countBadge = { '& .MuiBadge-badge': { minWidth: 20, height: 20, fontSize: '0.72rem' } } as const;

/**
 * Site header (SPEC §2): links, wishlist and cart counts, profile and logout. Below `md` the
 * links move into a slide-in drawer; below `sm` the logout icon does too (room for the counts).
 */
export function Header() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const cartCount = useAppSelector(selectCartCount);
  // The server list when logged in (subscribed here, so the count follows it on every page).
  const wishlistCount = useWishlistCount();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const askLogout = () => {
    setDrawerOpen(false);
    setConfirmOpen(true);
  };
  const confirmLogout = () => {
    setConfirmOpen(false);
    dispatch(loggedOut());
    enqueueSnackbar('You have been logged out.', { variant: 'info' });
    navigate('/');
  };

  const profile = loggedIn ? { to: '/orders', label: 'My orders' } : { to: '/login', label: 'Log in' };

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

      <Drawer
        id="mobile-menu"
        anchor="left"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { sx: { width: 300, maxWidth: '86vw', bgcolor: brand.cream } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Logo />
          <IconButton aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Mobile">
          <List>
            {NAV_LINKS.map((link) => (
              <ListItemButton
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                onClick={() => setDrawerOpen(false)}
                sx={{ '&.active': { color: 'primary.main', bgcolor: 'rgba(196, 65, 29, 0.08)' } }}
              >
                <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontFamily: 'Fredoka Variable, sans-serif', fontWeight: 600, letterSpacing: '0.08em' } } }} />
              </ListItemButton>
            ))}
          </List>
          <Divider />
          <List subheader={<Box sx={{ px: 2, pt: 1, fontWeight: 800, fontSize: '0.75rem', letterSpacing: '0.1em', color: 'text.secondary' }}>SHOP BY CATEGORY</Box>}>
            {CATEGORY_LINKS.map((c) => (
              <ListItemButton key={c.to} component={RouterLink} to={c.to} onClick={() => setDrawerOpen(false)}>
                <ListItemText primary={c.label} />
              </ListItemButton>
            ))}
          </List>
          <Divider />
          <List>
            <ListItemButton component={RouterLink} to={profile.to} onClick={() => setDrawerOpen(false)}>
              <ListItemIcon>
                <PersonOutline />
              </ListItemIcon>
              <ListItemText primary={profile.label} />
            </ListItemButton>
            {loggedIn && (
              <ListItemButton onClick={askLogout}>
                <ListItemIcon>
                  <Logout />
                </ListItemIcon>
                <ListItemText primary="Log out" />
              </ListItemButton>
            )}
          </List>
        </Box>
      </Drawer>

      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby="logout-title" aria-describedby="logout-text">
        <DialogTitle id="logout-title">Log out</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-text">Are you sure you want to log out?</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setConfirmOpen(false)} color="inherit">
            Cancel
          </Button>
          <Button onClick={confirmLogout} variant="contained" color="primary" autoFocus>
            Yes, log out
          </Button>
        </DialogActions>
      </Dialog>
      <SessionWatcher />
    </AppBar>
  );
}
