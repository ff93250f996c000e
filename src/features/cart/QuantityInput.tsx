import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../domain/cartKey';

/**
 * The cart quantity input (SPEC §5): minimum 1, and typing 0 removes the line. While the field is
 * being edited an empty value is allowed; leaving it empty (or invalid) restores the quantity.
 */
export function QuantityInput({ value, label, onChange }: { value: number; label: string; onChange: (quantity: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string) => {
    if (!/^\d+$/.test(text)) return;
    const n = Math.min(MAX_LINE_QUANTITY, Number(text));
    if (n !== value) onChange(n);
  };
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
      <IconButton size="small" aria-label={`Decrease ${label}`} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        <Remove fontSize="small" />
      </IconButton>
      <InputBase
        value={draft ?? String(value)}
        onChange={(e) => {
          const text = e.target.value.replace(/[^\d]/g, '').slice(0, 2);
          setDraft(text);
          commit(text);
        }}
        onBlur={() => setDraft(null)}
        sx={{ alignSelf: 'stretch', width: { xs: 44, sm: 30 } }}
        inputProps={{ 'aria-label': label, inputMode: 'numeric', min: 1, max: MAX_LINE_QUANTITY, style: { textAlign: 'center', width: '100%', padding: 0, fontWeight: 800 } }}
      />
      <IconButton size="small" aria-label={`Increase ${label}`} disabled={value >= MAX_LINE_QUANTITY} onClick={() => onChange(value + 1)}>
        <Add fontSize="small" />
      </IconButton>
    </Box>
  );
}
