import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { MAX_LINE_QUANTITY } from '../../domain/cartKey';

/**
 * The cart quantity input (SPEC §5): minimum 1, and typing 0 removes the line. Presentation only:
 * the text shown (`text`, what is being typed or the quantity) and the rules live in the store.
 */
export function QuantityInput({
  value,
  text,
  label,
  onStep,
  onType,
  onLeave,
}: {
  value: number;
  text: string;
  label: string;
  onStep: (quantity: number) => void;
  onType: (typed: string) => void;
  onLeave: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 999,
        bgcolor: 'background.paper',
        // On phones every part is a 44px tap target (inside the 1px border).
        height: { xs: 46, sm: 40 },
      }}
    >
      <IconButton size="small" aria-label={`Decrease ${label}`} disabled={value <= 1} onClick={() => onStep(value - 1)}>
        <Remove fontSize="small" />
      </IconButton>
      <InputBase
        value={text}
        onChange={(e) => onType(e.target.value)}
        onBlur={onLeave}
        sx={{ alignSelf: 'stretch', width: { xs: 44, sm: 30 } }}
        inputProps={{ 'aria-label': label, inputMode: 'numeric', min: 1, max: MAX_LINE_QUANTITY, style: { textAlign: 'center', width: '100%', padding: 0, fontWeight: 800 } }}
      />
      <IconButton size="small" aria-label={`Increase ${label}`} disabled={value >= MAX_LINE_QUANTITY} onClick={() => onStep(value + 1)}>
        <Add fontSize="small" />
      </IconButton>
    </Box>
  );
}
