import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../../components/brand';
import { FREE_SHIPPING_NOTICE } from '../../policyText';
import { HeroArt } from './HeroArt';

export function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        background: `radial-gradient(circle at 85% 10%, ${brand.coralSoft} 0, transparent 45%), radial-gradient(circle at 0% 100%, ${brand.tealSoft} 0, transparent 40%)`,
        overflow: 'hidden',
      }}
    >
      <Container
        maxWidth="xl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.05fr) minmax(0, 1fr)' },
          alignItems: 'center',
          gap: { xs: 3, md: 6 },
          py: { xs: 5, md: 9 },
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{
              display: 'inline-block',
              px: 1.5,
              py: 0.5,
              mb: 2,
              borderRadius: 999,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              fontWeight: 800,
              fontSize: '0.85rem',
              color: 'secondary.main',
            }}
          >
            Figures · Fidgets · Décor · Widgets
          </Typography>
          <Typography
            id="hero-title"
            variant="h1"
            // Two lines at every width. On phones the size follows the width, so 'printed layer by layer.'
            // fits one line in the brand font and in its fallback alike: the font's swap re-wraps nothing
            // (at 412 px a fixed 2.5rem fitted in the fallback and wrapped in Fredoka: CLS 0.027).
            sx={{ fontSize: { xs: 'clamp(2rem, 9.2vw, 2.5rem)', sm: '3.2rem', lg: '4rem' }, mb: 2, maxWidth: 640, textWrap: 'balance' }}
          >
            Playful things,{' '}
            <Box component="span" sx={{ color: 'primary.main', display: 'block' }}>
              printed layer by layer.
            </Box>
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'text.secondary', maxWidth: 540, mb: 4 }}>
            Collectible figures, satisfying fidgets, cheerful décor and clever little widgets — designed with care and
            3D-printed in vivid colours.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/collection" variant="contained" size="large" endIcon={<ArrowForward />}>
              Shop the store
            </Button>
            <Button component={RouterLink} to="/#bundles" variant="outlined" size="large" color="secondary">
              Limited bundles
            </Button>
          </Box>
          <Typography sx={{ mt: 3, fontWeight: 700, color: 'text.secondary', fontSize: '0.95rem' }}>
            {FREE_SHIPPING_NOTICE} · Easy exchanges
          </Typography>
        </Box>
        <Box sx={{ maxWidth: { xs: 420, md: 560 }, width: '100%', justifySelf: 'center' }}>
          <HeroArt />
        </Box>
      </Container>
    </Box>
  );
}
