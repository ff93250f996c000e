import Box from '@mui/material/Box';
import { NativeSelectInput, TextInput } from '../../components/OutlinedField';
import type { AddressErrors } from '../../domain/address';
import { COUNTRY, US_STATES } from '../../domain/address';
import type { CheckoutForm } from './rules';

type Field = keyof CheckoutForm;

interface FieldSpec {
  name: Field;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  /** Grid columns out of 2 on wider screens. */
  span?: 1 | 2;
  placeholder?: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email', inputMode: 'email', span: 2 },
  { name: 'street', label: 'Street address', autoComplete: 'street-address', span: 2 },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
];

/** ids of the inputs, so the page can focus the first invalid one. */
export const fieldId = (name: Field) => `checkout-${name}`;

/**
 * The delivery form of SPEC §3 (country fixed to United States). Presentation only: values,
 * errors and callbacks come from the page.
 */
export function AddressFields({
  form,
  errors,
  disabled,
  onChange,
  onBlur,
}: {
  form: CheckoutForm;
  errors: AddressErrors;
  disabled: boolean;
  onChange: (field: Field, value: string) => void;
  onBlur: (field: Field) => void;
}) {
  const common = (name: Field) => ({
    id: fieldId(name),
    name,
    value: form[name],
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    disabled,
    fullWidth: true,
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    onBlur: () => onBlur(name),
  });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.5 }}>
      {FIELDS.map((f) => (
        <TextInput
          key={f.name}
          {...common(f.name)}
          label={f.label}
          type={f.type ?? 'text'}
          required
          autoComplete={f.autoComplete}
          inputProps={{ inputMode: f.inputMode, maxLength: f.name === 'email' ? 254 : 120 }}
          sx={{ gridColumn: { sm: f.span === 2 ? 'span 2' : 'span 1' } }}
        />
      ))}
      <NativeSelectInput {...common('state')} label="State" required autoComplete="address-level1" shrinkLabel>
        <option value="">Choose a state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </NativeSelectInput>
      <TextInput
        {...common('zipcode')}
        label="ZIP code"
        required
        autoComplete="postal-code"
        placeholder="12345 or 12345-6789"
        inputProps={{ inputMode: 'numeric', maxLength: 10 }}
      />
      <TextInput
        id="checkout-country"
        label="Country"
        value={COUNTRY}
        disabled
        fullWidth
        helperText="We deliver within the United States"
        // The field is fixed, but its note is information: keep it at readable contrast (WCAG AA).
        helperTextSx={{ '&.Mui-disabled': { color: 'text.secondary' } }}
      />
      <TextInput
        {...common('phone')}
        label="Phone"
        type="tel"
        required
        autoComplete="tel-national"
        placeholder="(555) 123-4567"
        inputProps={{ inputMode: 'tel', maxLength: 20 }}
      />
      <TextInput
        {...common('description')}
        label="Delivery notes (optional)"
        placeholder="Gate code, leave with a neighbour…"
        multiline
        minRows={2}
        helperText={errors.description ?? ' '}
        inputProps={{ maxLength: 500 }}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
    </Box>
  );
}
