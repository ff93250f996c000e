import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Overline + heading + optional lead, the rhythm every home section shares. */
export function SectionHeading({
  id,
  overline,
  title,
  lead,
  action,
}: {
  id?: string;
  overline: string;
  title: string;
  lead?: string;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'flex-end' },
        justifyContent: 'space-between',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        mb: { xs: 3, md: 4 },
      }}
    >
      <Box>
        <Typography variant="overline" color="primary" component="p">
          {overline}
        </Typography>
        <Typography id={id} variant="h3" component="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' } }}>
          {title}
        </Typography>
        {lead && (
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560 }}>
            {lead}
          </Typography>
        )}
      </Box>
      {action}
    </Box>
  );
}
