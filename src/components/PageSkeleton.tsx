import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden';

/** A rounded panel's footprint (a form section, a totals box, a list) while the shopper's data is not in yet. */
export function PanelSkeleton({ height, lines = 3 }: { height: number | Record<string, number>; lines?: number }) {
  return (
    <Box aria-hidden sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', p: { xs: 2.25, md: 3 }, minHeight: height, minWidth: 0 }}>
      <Skeleton width="45%" height={34} />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={`${90 - i * 12}%`} />
      ))}
    </Box>
  );
}

/**
 * The frame of a page whose content is the shopper's own, as the server renders it and
 * the client hydrates it: the page's real heading, then placeholders where the shopper's lines,
 * orders or form go. Never an "empty" message: the saved cart and token are read only in the browser.
 */
export function PageSkeleton({ overline, title, label, children }: { overline?: string; title: string; label: string; children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      {overline && (
        <Typography variant="overline" color="primary" component="p">
          {overline}
        </Typography>
      )}
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: { xs: 2.5, md: 4 } }}>
        {title}
      </Typography>
      <Box role="status" aria-busy="true" data-skeleton="">
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
        {children}
      </Box>
    </Container>
  );
}
