import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AddressBlock } from '../../../domain/fulfilment';

/** A delivery address as the order page and the packing slip show it: name, lines, phone, then the shopper's note. */
export function Address({ address }: { address: AddressBlock }) {
  return (
    <>
      <Box component="address" data-testid="delivery-address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line', lineHeight: 1.5, overflowWrap: 'anywhere' }}>
        <b>{address.name}</b>
        {'\n'}
        {address.lines.join('\n')}
        {address.phone ? `\n${address.phone}` : ''}
      </Box>
      {address.note ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Delivery note: {address.note}
        </Typography>
      ) : null}
    </>
  );
}
