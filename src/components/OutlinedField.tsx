import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEventHandler, type ReactNode } from 'react';

// MUI's TextField imports Select, and with it Menu, Popover, Modal and the focus trap (~15 KB gzip),
// even for a plain text box. These two put together only what an outlined field shows, with the
// same markup and the same label, helper text and aria wiring as TextField.

interface FieldFrame {
  /** The input's id (one is generated when left out); the label and helper text ids derive from it. */
  id?: string;
  /** Left out for a box named by `aria-label` alone (a search box with a placeholder): no label, no notch. */
  label?: ReactNode;
  helperText?: ReactNode;
  helperTextSx?: SxProps<Theme>;
  /** Keep the label above the field even while it is empty (a select whose first option is a prompt). */
  shrinkLabel?: boolean;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Styles of the whole field (the FormControl), as TextField's `sx`. */
  sx?: SxProps<Theme>;
}

const hasLabel = (label: ReactNode) => label != null && label !== '';

function useFieldIds(id: string | undefined, label: ReactNode, helperText: ReactNode) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, labelId: hasLabel(label) ? `${inputId}-label` : undefined, helperId: helperText ? `${inputId}-helper-text` : undefined };
}

function Frame({ frame, inputId, labelId, helperId, children }: { frame: FieldFrame; inputId: string; labelId?: string; helperId?: string; children: ReactNode }) {
  return (
    <FormControl
      // TextField's class too, so the page's markup (and any selector written against it) stays the same.
      className="MuiTextField-root"
      variant="outlined"
      error={frame.error}
      disabled={frame.disabled}
      required={frame.required}
      fullWidth={frame.fullWidth}
      size={frame.size}
      sx={frame.sx}
    >
      {hasLabel(frame.label) && (
        <InputLabel htmlFor={inputId} id={labelId} shrink={frame.shrinkLabel}>
          {frame.label}
        </InputLabel>
      )}
      {children}
      {frame.helperText && (
        <FormHelperText id={helperId} sx={frame.helperTextSx}>
          {frame.helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/**
 * Everything else goes to the OutlinedInput, as TextField's props and `slotProps.input` do:
 * `multiline`/`minRows`/`maxRows`, `startAdornment`/`endAdornment`, `inputProps` (TextField's
 * `slotProps.htmlInput`: min, max, inputMode, aria-label…), `autoComplete`, `name`, `type`, events.
 */
export type TextInputProps = FieldFrame &
  Omit<OutlinedInputProps, keyof FieldFrame | 'notched' | 'sx'> & {
    /** Styles of the input's box (the OutlinedInput root), as TextField's `slotProps.input.sx`. */
    inputSx?: SxProps<Theme>;
  };

/** An outlined text box: TextField's look and accessibility without its select machinery. */
export function TextInput({ id, label, helperText, helperTextSx, shrinkLabel, error, disabled, required, fullWidth, size, sx, inputSx, ...input }: TextInputProps) {
  const ids = useFieldIds(id, label, helperText);
  return (
    <Frame frame={{ label, helperText, helperTextSx, shrinkLabel, error, disabled, required, fullWidth, size, sx }} {...ids}>
      <OutlinedInput id={ids.inputId} label={label} notched={shrinkLabel} fullWidth={fullWidth} aria-describedby={ids.helperId} sx={inputSx} {...input} />
    </Frame>
  );
}

export type NativeSelectInputProps = FieldFrame & {
  label: ReactNode;
  name?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: () => void;
  autoComplete?: string;
  /** The `<option>` elements. */
  children: ReactNode;
};

/**
 * An outlined native `<select>` (TextField `select` with `native`): the browser's own list, so no
 * menu code, and the platform's picker on phones.
 */
export function NativeSelectInput({ id, label, helperText, helperTextSx, shrinkLabel, error, disabled, required, fullWidth, size, sx, children, ...select }: NativeSelectInputProps) {
  const ids = useFieldIds(id, label, helperText);
  return (
    <Frame frame={{ label, helperText, helperTextSx, shrinkLabel, error, disabled, required, fullWidth, size, sx }} {...ids}>
      <NativeSelect id={ids.inputId} input={<OutlinedInput label={label} notched={shrinkLabel} fullWidth={fullWidth} />} aria-describedby={ids.helperId} {...select}>
        {children}
      </NativeSelect>
    </Frame>
  );
}

/** A search box's magnifier at the start of a field: InputAdornment's own styles (position start), without its module. */
export function SearchAdornment() {
  return (
    <Box sx={{ display: 'flex', maxHeight: '2em', alignItems: 'center', whiteSpace: 'nowrap', color: 'action.active', marginRight: '8px' }}>
      <SearchIcon fontSize="small" aria-hidden />
    </Box>
  );
}
