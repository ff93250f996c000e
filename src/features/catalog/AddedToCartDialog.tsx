import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { LazyDialog, LazyDialogActions, LazyDialogContent, LazyDialogTitle } from '../../components/LazyDialog';
import { formatMoney } from '../../domain/money';
import type { AddedLine } from './purchase';

/**
 * "Added to cart" confirmation. MUI's Dialog (loaded when it first opens) traps focus inside and
 * closes on Escape; focus starts on "View cart" and returns to the button that opened it.
 */
export function AddedToCartDialog({ line, onClose }: { line: AddedLine | null; onClose: () => void }) {
  return (
    <LazyDialog open={line !== null} onClose={onClose} aria-labelledby="added-title" aria-describedby="added-desc" fullWidth maxWidth="xs">
      <LazyDialogTitle id="added-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pb: 1 }}>
        <CheckCircle sx={{ color: 'secondary.main' }} aria-hidden />
        Added to cart
      </LazyDialogTitle>
      <LazyDialogContent>
        {line && (
          <Box id="added-desc" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box
              component="img"
              src={assetUrl(line.image)}
              alt=""
              width={80}
              height={80}
              sx={{ width: 80, height: 80, borderRadius: '12px', objectFit: 'cover', bgcolor: brand.sunSoft, flexShrink: 0 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800, lineHeight: 1.3 }}>{line.name}</Typography>
              {line.detail && (
                <Typography variant="body2" color="text.secondary">
                  {line.detail}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                Quantity: {line.quantity} · {formatMoney(line.unitPrice)} each
              </Typography>
            </Box>
          </Box>
        )}
      </LazyDialogContent>
      <LazyDialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit">
          Continue shopping
        </Button>
        <Button component={RouterLink} to="/cart" variant="contained" autoFocus>
          View cart
        </Button>
      </LazyDialogActions>
    </LazyDialog>
  );
}
