import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import { useGetSettingsQuery } from '../../features/catalog/catalogApi';

/**
 * A strip above the header on every page while the server takes test payments (PAYMENTS=test):
 * nobody mistakes the demo store for a real one. In the page flow, never floating, so
 * it covers no content or tap target on a phone.
 */
export function TestModeRibbon() {
  const { data: settings } = useGetSettingsQuery();
  if (!settings?.testPayments) return null;
  return (
    <Box
      role="note"
      aria-label="Test mode"
      data-testid="test-mode-ribbon"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        fontSize: '0.85rem',
        fontWeight: 700,
        lineHeight: 1.35,
        textAlign: 'center',
      }}
    >
      <ScienceOutlined aria-hidden fontSize="small" />
      <span>
        Test mode: no real payments are taken. Pay with the test card{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          4242 4242 4242 4242
        </Box>
        .
      </span>
    </Box>
  );
}
