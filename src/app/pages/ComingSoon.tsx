import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';

/** A small "still printing" picture: a half-finished piece under the nozzle. */
function PrintingArt() {
  return (
    <svg viewBox="0 0 200 150" width="200" height="150" aria-hidden="true" style={{ display: 'block', width: 200, height: 'auto' }}>
      <circle cx="100" cy="78" r="70" fill={brand.sunSoft} />
      <rect x="20" y="28" width="160" height="10" rx="5" fill="#DCCBB6" />
      <rect x="82" y="34" width="36" height="28" rx="9" fill={brand.coral} />
      <path d="M94 62 L106 62 L101 76 L99 76 Z" fill="#8A8F98" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect key={i} x={70 + (i % 2)} y={120 - i * 9} width={60} height={9.5} rx={4.5} fill={i % 2 ? '#13948A' : brand.teal} />
      ))}
      <rect x="30" y="128" width="140" height="10" rx="5" fill={brand.ink} />
    </svg>
  );
}

/**
 * Placeholder for routes whose feature has not shipped yet: friendly, on brand, with a way back.
 */
export default function ComingSoon({ title, blurb }: { title: string; blurb?: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <PrintingArt />
      </Box>
      <Typography variant="overline" color="primary" component="p">
        Coming soon
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mb: 2, fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.1rem' }}>
        {blurb ?? "We're still printing this page, layer by layer. It will be ready very soon."}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<ArrowBack />}>
        Back to the home page
      </Button>
    </Container>
  );
}
