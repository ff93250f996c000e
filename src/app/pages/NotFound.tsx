import Home from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';

/** 404 for unknown routes, with a way home. */
export default function NotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography
        component="p"
        aria-hidden
        sx={{ fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif', fontWeight: 700, fontSize: { xs: '6rem', md: '8rem' }, lineHeight: 1, color: brand.coralLight }}
      >
        404
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mb: 2, fontSize: { xs: '2rem', md: '2.6rem' } }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.1rem' }}>
        This page seems to have slipped off the print bed. Let's get you back to somewhere colourful.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<Home />}>
        Take me home
      </Button>
    </Container>
  );
}
