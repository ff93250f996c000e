import LocalShipping from '@mui/icons-material/LocalShipping';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { selectStoreCategories, selectStoreQuery } from '../../features/catalog/storeView';
import { selectLocation } from '../../features/router/routerSlice';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/types';
import { FREE_SHIPPING_NOTICE } from '../policyText';
import { categoryLinks } from './navigation';

const dots = [brand.coralLight, brand.sun, brand.teal, brand.lilac];

/** The category the store shows, on /collection (its link is marked as the current page), read as the store reads it. */
function selectCategoryShown(state: RootState): string | null {
  return selectLocation(state).pathname === '/collection' ? selectStoreQuery(state).category : null;
}

/**
 * The navigation/extra bar under the header: category shortcuts and the free-shipping notice.
 * Rendered again only when the category shown changes, not on every navigation.
 */
export const CategoryBar = memo(function CategoryBar() {
  const current = useAppSelector(selectCategoryShown);
  const links = categoryLinks(useAppSelector(selectStoreCategories));
  return (
    <Box sx={{ bgcolor: brand.coralSoft, borderBottom: 1, borderColor: 'divider' }}>
      <Container
        maxWidth="xl"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexDirection: { xs: 'column-reverse', md: 'row' },
          gap: { xs: 0.5, md: 2 },
          py: { xs: 0.25, md: 0.5 },
        }}
      >
        <Box
          component="nav"
          aria-label="Categories"
          sx={{ display: 'flex', gap: { xs: 0, sm: 1 }, overflowX: 'auto', maxWidth: '100%', scrollbarWidth: 'none' }}
        >
          {links.map((c, i) => (
            <Box
              key={c.label}
              component={RouterLink}
              to={c.to}
              aria-current={current === c.label ? 'page' : undefined}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: { xs: 0.5, sm: 0.75 },
                px: { xs: 1, sm: 1.5 },
                py: 0.75,
                minHeight: { xs: 44, md: 'auto' },
                borderRadius: 999,
                whiteSpace: 'nowrap',
                color: 'text.primary',
                textDecoration: 'none',
                fontWeight: 700,
                fontSize: { xs: '0.85rem', sm: '0.9rem' },
                '&:hover, &[aria-current="page"]': { bgcolor: 'rgba(255,255,255,0.75)' },
                '&:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 1 },
              }}
            >
              <Box component="span" aria-hidden sx={{ width: 9, height: 9, borderRadius: '50%', bgcolor: dots[i % dots.length] }} />
              {c.label}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.dark' }}>
          <LocalShipping fontSize="small" aria-hidden />
          <Typography component="p" sx={{ fontWeight: 700, fontSize: { xs: '0.82rem', md: '0.9rem' } }}>
            {FREE_SHIPPING_NOTICE}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
});
