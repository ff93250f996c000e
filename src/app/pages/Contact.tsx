import MailOutline from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { brand } from '../../components/brand';
import { useGetSettingsQuery } from '../../features/catalog/catalogApi';
import { ContactForm } from '../../features/contact/ContactForm';

const STEPS = [
  { title: 'Tell us who', text: 'Any character, a pet, a family photo turned figure — the more references, the better.' },
  { title: 'We sketch & quote', text: 'Within two business days we reply with a sculpt plan, size options and a price.' },
  { title: 'Printed & painted', text: 'Printed in fine layers, primed and hand-painted in our studio, then shipped to you.' },
];

/** /contact: the custom figure inquiry (SPEC §2). */
export default function Contact() {
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.shopEmail;
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 4, md: 7 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 7 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 0.9fr) minmax(0, 1.2fr)' }, alignItems: 'start' }}>
        <Box>
          <Typography variant="overline" color="primary" component="p">
            Custom figures
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.1rem', md: '2.8rem' }, mb: 2 }}>
            Dream it. We'll print it.
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '1.1rem', mb: 3.5 }}>
            Looking for a character we don't stock, or a one-of-a-kind gift? Tell us about it and we'll get back to you with a
            plan and a quote.
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {STEPS.map((s, i) => (
              <Box component="li" key={s.title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{ flexShrink: 0, width: 36, height: 36, borderRadius: '50%', display: 'grid', placeItems: 'center', fontWeight: 800, bgcolor: [brand.coralSoft, brand.sunSoft, brand.tealSoft][i], color: brand.ink }}
                >
                  {i + 1}
                </Box>
                <Box>
                  <Typography component="h2" sx={{ fontWeight: 800 }}>
                    {s.title}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </Box>
              </Box>
            ))}
          </Box>
          {email && (
            <Typography sx={{ mt: 3.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <MailOutline fontSize="small" aria-hidden />
              Prefer plain e-mail?{' '}
              <Link href={`mailto:${email}`} sx={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
                {email}
              </Link>
            </Typography>
          )}
        </Box>
        <Card sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography component="h2" variant="h5" sx={{ mb: 0.5 }}>
            Custom figure inquiry
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            All fields are required. Sending opens your own mail program with everything filled in.
          </Typography>
          <ContactForm shopEmail={email} />
        </Card>
      </Box>
    </Container>
  );
}
