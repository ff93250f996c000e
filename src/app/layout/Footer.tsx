import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import MailOutline from '@mui/icons-material/MailOutlined';
import Pinterest from '@mui/icons-material/Pinterest';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../../components/brand';
import { useGetSettingsQuery } from '../../features/catalog/catalogApi';
import { selectStoreCategories } from '../../features/catalog/storeView';
import { useAppSelector, useNow } from '../../store/hooks';
import { EXCHANGE_POLICY, SHIPPING_POLICY, US_ONLY } from '../policyText';
import { LogoMark } from './Logo';
import { categoryLinks, FOOTER_LINKS, SOCIAL_LINKS } from './navigation';

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['label'], ReactNode> = {
  Instagram: <Instagram />,
  Facebook: <Facebook />,
  YouTube: <YouTube />,
  Pinterest: <Pinterest />,
};

const linkSx = { color: 'rgba(255,248,239,0.82)', '&:hover': { color: '#FFFFFF' }, fontSize: '0.95rem' } as const;

function Column({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box component="section" aria-label={title} className={wide ? 'span-all' : undefined}>
      <Typography component="h2" sx={{ fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif', fontWeight: 600, fontSize: '1.1rem', mb: 1.5, color: brand.sun }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Site footer (SPEC §2): company links, the contact e-mail from settings, social links, policies. */
export const Footer = memo(function Footer() {
  const { data: settings } = useGetSettingsQuery();
  const year = new Date(useNow()).getFullYear();
  const shopName = settings?.shopName || 'LayerLoft';
  const categories = useAppSelector(selectStoreCategories);
  const columns = { ...FOOTER_LINKS, Shop: [...FOOTER_LINKS.Shop, ...categoryLinks(categories)] };

  return (
    // Laid out only when it nears the screen (content-visibility): its text is not shaped again when the brand fonts swap in.
    <Box component="footer" sx={{ bgcolor: brand.ink, color: brand.cream, mt: { xs: 8, md: 12 }, contentVisibility: 'auto', containIntrinsicSize: { xs: 'auto 930px', md: 'auto 450px' } }}>
      <Container maxWidth="xl" sx={{ py: { xs: 6, md: 8 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: '1.4fr 1fr 1fr 1.3fr' },
            '& > .span-all': { gridColumn: { xs: '1 / -1', md: 'auto' } },
          }}
        >
          <Box className="span-all">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
              <LogoMark />
              <Typography component="p" sx={{ fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif', fontWeight: 650, fontSize: '1.5rem' }}>
                {shopName}
              </Typography>
            </Box>
            <Typography sx={{ color: 'rgba(255,248,239,0.78)', maxWidth: 340, mb: 2 }}>
              Colourful figures, fidgets, décor and widgets, 3D-printed layer by layer with care.
            </Typography>
            {settings?.shopEmail && (
              <Link href={`mailto:${settings.shopEmail}`} sx={{ ...linkSx, display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700, minHeight: 44 }}>
                <MailOutline fontSize="small" aria-hidden />
                {settings.shopEmail}
              </Link>
            )}
            <Box sx={{ display: 'flex', gap: 1, mt: 2.5 }}>
              {SOCIAL_LINKS.map((s) => (
                <IconButton
                  key={s.label}
                  component="a"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${shopName} on ${s.label}`}
                  sx={{ color: brand.cream, bgcolor: 'rgba(255,255,255,0.08)', '&:hover': { bgcolor: brand.coral } }}
                >
                  {SOCIAL_ICONS[s.label]}
                </IconButton>
              ))}
            </Box>
          </Box>

          {Object.entries(columns).map(([title, links]) => (
            <Column key={title} title={title}>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 0, sm: 1 } }}>
                {links.map((l) => (
                  <li key={l.to}>
                    <Link component={RouterLink} to={l.to} sx={{ ...linkSx, display: { xs: 'inline-flex', sm: 'inline' }, alignItems: 'center', minHeight: { xs: 44, sm: 0 }, minWidth: { xs: 44, sm: 0 } }}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </Column>
          ))}

          <Column title="Policies" wide>
            <Box sx={{ display: 'grid', gap: 1.5, color: 'rgba(255,248,239,0.82)', fontSize: '0.95rem' }}>
              <Typography sx={{ fontSize: 'inherit' }}>
                <Box component="strong" sx={{ color: brand.cream }}>Shipping. </Box>
                {SHIPPING_POLICY} {US_ONLY}
              </Typography>
              <Typography sx={{ fontSize: 'inherit' }}>
                <Box component="strong" sx={{ color: brand.cream }}>Exchanges. </Box>
                {EXCHANGE_POLICY}
              </Typography>
            </Box>
          </Column>
        </Box>
        <Box
          sx={{
            mt: { xs: 5, md: 7 },
            pt: 3,
            borderTop: '1px solid rgba(255,248,239,0.14)',
            display: 'flex',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            color: 'rgba(255,248,239,0.65)',
            fontSize: '0.85rem',
          }}
        >
          <span>
            © {year} {shopName}. All rights reserved.
          </span>
          <span>Prices in US dollars.</span>
        </Box>
      </Container>
    </Box>
  );
});
