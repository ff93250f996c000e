import Brush from '@mui/icons-material/Brush';
import Layers from '@mui/icons-material/Layers';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MailOutline from '@mui/icons-material/MailOutlined';
import Autorenew from '@mui/icons-material/Autorenew';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { useGetSettingsQuery } from '../../features/catalog/catalogApi';
import { EXCHANGE_POLICY, SHIPPING_POLICY, US_ONLY } from '../policyText';

const CRAFT: { icon: ReactNode; title: string; text: string; tint: string }[] = [
  {
    icon: <Layers />,
    title: 'Printed layer by layer',
    text: 'Every piece starts as a digital sculpt and is printed on our own machines in layers as fine as 0.08 mm — in plant-based PLA, tough PETG or soft TPU, whichever suits the piece.',
    tint: brand.tealSoft,
  },
  {
    icon: <Brush />,
    title: 'Primed and hand-painted',
    text: 'Figures are cleaned up, sanded, primed and painted by hand in our studio, then sealed so the colour lasts on a busy shelf.',
    tint: brand.coralSoft,
  },
  {
    icon: <AutoAwesome />,
    title: 'Custom orders welcome',
    text: "Want a character we don't carry, or a figure of your dog? Send us a custom request and we'll come back with a plan and a quote.",
    tint: brand.sunSoft,
  },
];

function Policy({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ flexShrink: 0, width: 44, height: 44, borderRadius: '12px', display: 'grid', placeItems: 'center', bgcolor: brand.lilacSoft, color: brand.ink }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 800, mb: 0.25 }}>
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary' }}>{children}</Box>
      </Box>
    </Box>
  );
}

/** /about: the shop's story, how things are made, and the policies (built from the same rules checkout uses). */
export default function About() {
  const { data: settings } = useGetSettingsQuery();
  const shop = settings?.shopName || 'LayerLoft';
  const email = settings?.shopEmail;

  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 4, md: 7 } }}>
      <Box sx={{ maxWidth: 760, mb: { xs: 5, md: 8 } }}>
        <Typography variant="overline" color="primary" component="p">
          Our story
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3rem' }, mb: 2 }}>
          About LayerLoft
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.25rem' }, color: 'text.secondary', lineHeight: 1.6 }}>
          {shop} began with one printer on a kitchen table and a shelf of figures nobody else made. Today we design, 3D-print
          and finish colourful figures, fidgets, décor and desk widgets in our small studio in the United States, and ship them
          to fans all over the country.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="craft-title" sx={{ mb: { xs: 6, md: 9 } }}>
        <Typography id="craft-title" variant="h4" component="h2" sx={{ mb: 3, fontSize: { xs: '1.7rem', md: '2.1rem' } }}>
          How we make things
        </Typography>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {CRAFT.map((c) => (
            <Card key={c.title} sx={{ p: { xs: 2.5, md: 3 } }}>
              <Box aria-hidden sx={{ width: 48, height: 48, borderRadius: '12px', display: 'grid', placeItems: 'center', bgcolor: c.tint, color: brand.ink, mb: 2 }}>
                {c.icon}
              </Box>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                {c.title}
              </Typography>
              <Typography color="text.secondary">{c.text}</Typography>
            </Card>
          ))}
        </Box>
        <Button component={RouterLink} to="/contact" variant="contained" size="large" sx={{ mt: 3 }}>
          Request a custom figure
        </Button>
      </Box>

      <Box
        component="section"
        aria-labelledby="policies-title"
        sx={{ p: { xs: 2.5, md: 4 }, borderRadius: '24px', bgcolor: 'background.paper', border: 1, borderColor: 'divider', display: 'grid', gap: 3 }}
      >
        <Typography id="policies-title" variant="h4" component="h2" sx={{ fontSize: { xs: '1.7rem', md: '2.1rem' } }}>
          Shipping, exchanges and help
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
          <Policy icon={<LocalShipping />} title="Shipping">
            {SHIPPING_POLICY} {US_ONLY}
          </Policy>
          <Policy icon={<Autorenew />} title="Exchanges">
            {EXCHANGE_POLICY} Send us a photo of the damage and we'll make it right.
          </Policy>
          <Policy icon={<MailOutline />} title="Contact">
            {email ? (
              <>
                Write to us at{' '}
                <Link href={`mailto:${email}`} sx={{ fontWeight: 700 }}>
                  {email}
                </Link>
                , or message our team from My Orders.
              </>
            ) : (
              'Message our team from My Orders, or use the custom request form.'
            )}
          </Policy>
        </Box>
      </Box>
    </Container>
  );
}
