import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../../../components/brand';
import { EXCHANGE_POLICY, SHIPPING_POLICY, SUPPORT_POLICY } from '../../policyText';

const BLURBS: Array<{ title: string; text: string; icon: ReactNode; tint: string; ink: string }> = [
  { title: 'Easy exchange', text: EXCHANGE_POLICY, icon: <AutorenewOutlined />, tint: brand.tealSoft, ink: brand.teal },
  { title: 'Simple shipping', text: SHIPPING_POLICY, icon: <LocalShippingOutlined />, tint: brand.coralSoft, ink: brand.coral },
  { title: 'Friendly support', text: SUPPORT_POLICY, icon: <SupportAgentOutlined />, tint: brand.lilacSoft, ink: '#6F52B8' },
];

/** The home page's policy blurbs (SPEC §2): exchange, shipping, support. */
export function PolicyBlurbs() {
  return (
    <Box
      component="section"
      aria-label="Our promises"
      sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
    >
      {BLURBS.map((b) => (
        <Box
          key={b.title}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, md: 3 }, borderRadius: '24px', bgcolor: b.tint }}
        >
          <Box
            aria-hidden
            sx={{ flex: '0 0 48px', height: 48, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: '#FFFFFF', color: b.ink }}
          >
            {b.icon}
          </Box>
          <Box>
            <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
              {b.title}
            </Typography>
            <Typography color="text.secondary">{b.text}</Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
