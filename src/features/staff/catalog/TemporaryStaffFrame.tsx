import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useLocation, useRoutes } from 'react-router-dom';
import { staffCatalogRoutes, staffCatalogNav } from './routes';

/**
 * TEMPORARY (issue 18, staff-catalog branch): a bare frame for the catalog screens until the staff
 * console (src/features/staff/StaffConsole.tsx, another branch) is merged; it replaces this file
 * and its one line in src/app/routes.tsx. No login check here: the staff API refuses others (401/403).
 */
export default function TemporaryStaffFrame() {
  const { pathname } = useLocation();
  // Matched below /staff/* (descendant routes are relative to their parent).
  const element = useRoutes(staffCatalogRoutes);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box component="nav" aria-label="Staff console" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {staffCatalogNav.map((n) => (
          <Button key={n.to} component={RouterLink} to={n.to} variant={pathname.startsWith(n.to) ? 'contained' : 'text'} aria-current={pathname.startsWith(n.to) ? 'page' : undefined}>
            {n.label}
          </Button>
        ))}
      </Box>
      {element}
    </Container>
  );
}
