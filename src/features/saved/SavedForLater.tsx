import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LineSummary } from '../../components/LineSummary';
import { savedLineMovedToCart } from '../../store/events';
import { useAppDispatch, useAppSelector, useNow } from '../../store/hooks';
import { selectSavedLines } from './savedSelectors';
import { savedLineRemoved } from './savedSlice';

/**
 * The saved-for-later list under the cart (SPEC §2 Cart page): each line can move back to the
 * cart (quantities add up when the cart has it too) or be removed. Hidden when empty.
 */
export function SavedForLater() {
  const dispatch = useAppDispatch();
  const now = useNow();
  const lines = useAppSelector((state) => selectSavedLines(state, now));
  if (!lines || lines.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="saved-title" sx={{ mt: { xs: 5, md: 7 } }}>
      <Typography id="saved-title" variant="h4" component="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' }, mb: 2 }}>
        Saved for later{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.7em', fontWeight: 500 }}>
          ({lines.length})
        </Box>
      </Typography>
      <Box
        component="ul"
        aria-label="Saved for later"
        sx={{ listStyle: 'none', m: 0, p: { xs: '4px 16px', md: '4px 24px' }, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px' }}
      >
        {lines.map((line) => {
          const headingId = `saved-line-${line.key}`;
          const name = line.name || 'this item';
          return (
            <Box
              component="li"
              key={line.key}
              aria-labelledby={headingId}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
                gap: { xs: 1.5, sm: 3 },
                alignItems: 'center',
                py: { xs: 2, sm: 2.5 },
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <LineSummary line={line} headingId={headingId} />
              {/* Tighter on a phone so quantity, 'Move to cart' and 'Remove' stay on one line. */}
              <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 1 }, alignItems: 'center', flexWrap: 'wrap', justifyContent: { sm: 'flex-end' }, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  Qty {line.quantity}
                </Typography>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<ShoppingCartOutlined />}
                  onClick={() => dispatch(savedLineMovedToCart({ key: line.key, quantity: line.quantity }))}
                  aria-label={`Move to cart: ${name}`}
                >
                  Move to cart
                </Button>
                <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => dispatch(savedLineRemoved({ key: line.key }))} aria-label={`Remove ${name} from saved items`}>
                  Remove
                </Button>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
