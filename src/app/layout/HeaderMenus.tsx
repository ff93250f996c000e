import CloseIcon from '@mui/icons-material/Close';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { selectStoreCategories } from '../../features/catalog/storeView';
import { useAppSelector } from '../../store/hooks';
import { Logo } from './Logo';
import { categoryLinks, NAV_LINKS } from './navigation';

/**
 * The header's overlays, loaded the first time one opens (Header.tsx): the modal machinery
 * (Modal, focus trap, transitions, Drawer, Dialog) is not part of the store's first paint.
 */
export function MobileMenu({
  open,
  onClose,
  onLogout,
  profile,
  loggedIn,
}: {
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  profile: { to: string; label: string };
  loggedIn: boolean;
}) {
  const categories = useAppSelector(selectStoreCategories);
  return (
    <Drawer
      id="mobile-menu"
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: 300, maxWidth: '86vw', bgcolor: brand.cream } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Logo />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Mobile">
        <List>
          {/* Each link in an <li>: a <ul> holds list items only. */}
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <ListItemButton
                component={NavLink}
                to={link.to}
                end
                onClick={onClose}
                // primary.dark: AA contrast on the tinted background.
                sx={{ '&.active': { color: 'primary.dark', bgcolor: 'rgba(196, 65, 29, 0.08)' } }}
              >
                <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif', fontWeight: 600, letterSpacing: '0.08em' } } }} />
              </ListItemButton>
            </li>
          ))}
        </List>
        <Divider />
        <Box id="mobile-menu-categories" sx={{ px: 2, pt: 2, fontWeight: 800, fontSize: '0.75rem', letterSpacing: '0.1em', color: 'text.secondary' }}>
          SHOP BY CATEGORY
        </Box>
        <List aria-labelledby="mobile-menu-categories" sx={{ pt: 0.5 }}>
          {categoryLinks(categories).map((c) => (
            <li key={c.to}>
              <ListItemButton component={RouterLink} to={c.to} onClick={onClose}>
                <ListItemText primary={c.label} />
              </ListItemButton>
            </li>
          ))}
        </List>
        <Divider />
        <List>
          <li>
            <ListItemButton component={RouterLink} to={profile.to} onClick={onClose}>
              <ListItemIcon>
                <PersonOutline />
              </ListItemIcon>
              <ListItemText primary={profile.label} />
            </ListItemButton>
          </li>
          {loggedIn && (
            <li>
              <ListItemButton onClick={onLogout}>
                <ListItemIcon>
                  <Logout />
                </ListItemIcon>
                <ListItemText primary="Log out" />
              </ListItemButton>
            </li>
          )}
        </List>
      </Box>
    </Drawer>
  );
}

export function LogoutDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="logout-title" aria-describedby="logout-text">
      <DialogTitle id="logout-title">Log out</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-text">Are you sure you want to log out?</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" color="primary" autoFocus>
          Yes, log out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
