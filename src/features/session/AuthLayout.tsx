import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../../components/brand';

/** Stacked print layers in the brand colours: the accent of the account pages. */
function LayerArt() {
  const layers = [brand.coral, brand.sun, brand.teal, brand.lilac, brand.coralLight, brand.sun, brand.teal];
  return (
    <svg viewBox="0 0 220 170" width="220" height="170" aria-hidden="true" style={{ display: 'block', width: '100%', maxWidth: 240, height: 'auto' }}>
      <ellipse cx="110" cy="156" rx="92" ry="10" fill="rgba(43,34,51,0.12)" />
      {layers.map((color, i) => {
        const w = 150 - i * 14 + (i % 2 ? 4 : 0);
        return <rect key={i} x={110 - w / 2} y={140 - i * 17} width={w} height={15} rx={7.5} fill={color} />;
      })}
      <rect x="88" y="6" width="44" height="22" rx="8" fill={brand.ink} />
      <path d="M104 28 L116 28 L111 38 L109 38 Z" fill="#8A8F98" />
      <circle cx="180" cy="32" r="6" fill="#FFFFFF" opacity="0.8" />
      <circle cx="34" cy="58" r="4" fill="#FFFFFF" opacity="0.7" />
    </svg>
  );
}

/**
 * The frame of the account pages: a card with the form, and on wide screens a warm panel with a
 * few words and the layered-print picture. On a phone only the form shows, full width; on a tablet,
 * alone and centred at a form's width.
 */
export function AuthLayout({
  overline,
  title,
  intro,
  aside,
  children,
}: {
  overline: string;
  title: string;
  intro?: ReactNode;
  aside: { title: string; text: string };
  children: ReactNode;
}) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 6, md: 9 }, px: { xs: 2, sm: 3 } }}>
      {/* On a tablet the form alone would stretch across the screen: it keeps a form's width there. */}
      <Card sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' }, overflow: 'hidden', maxWidth: { xs: 980, sm: 560, md: 980 }, mx: 'auto' }}>
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            gap: 4,
            p: 5,
            color: brand.ink,
            background: `radial-gradient(circle at 20% 15%, ${brand.sunSoft} 0, transparent 55%), linear-gradient(160deg, ${brand.coralSoft} 0%, ${brand.sunSoft} 55%, ${brand.tealSoft} 100%)`,
          }}
        >
          <Box>
            <Typography variant="h4" component="p" sx={{ fontSize: '2rem', mb: 1.5 }}>
              {aside.title}
            </Typography>
            <Typography sx={{ color: brand.inkSoft, fontSize: '1.05rem', maxWidth: 340 }}>{aside.text}</Typography>
          </Box>
          <LayerArt />
        </Box>
        <Box sx={{ p: { xs: 3, sm: 5, md: 6 }, bgcolor: 'background.paper' }}>
          <Typography variant="overline" color="primary" component="p">
            {overline}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.3rem' }, mb: intro ? 1 : 3 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {intro}
            </Typography>
          )}
          {children}
        </Box>
      </Card>
    </Container>
  );
}
