import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { FormEvent } from 'react';
import { TextInput } from '../../components/OutlinedField';
import { useAppDispatch, useAppSelector, useFeature } from '../../store/hooks';
import { contactFeature } from './contactListeners';
import { contactFieldEdited, contactFormSubmitted, selectContactForm, selectMissingContactFields } from './contactSlice';
import type { Inquiry } from './inquiry';

const FIELDS: { key: keyof Inquiry; label: string; type?: string; autoComplete?: string; multiline?: boolean; helper?: string }[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'characterName', label: 'Character Name', helper: 'Who should we print? A hero, a pet, you…' },
  { key: 'details', label: 'Details', multiline: true, helper: 'Size, pose, colours, reference links, and when you need it.' },
];

/**
 * The custom figure inquiry form (SPEC §2, §5). Submitting a complete form opens a mailto: link
 * to the shop's address, shows a fallback link, and clears the form 2 seconds later (the contact
 * slice and its listener).
 */
export function ContactForm({ shopEmail }: { shopEmail: string | undefined }) {
  useFeature(contactFeature);
  const dispatch = useAppDispatch();
  const { values, status } = useAppSelector(selectContactForm);
  const missing = new Set(useAppSelector(selectMissingContactFields));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(contactFormSubmitted({ shopEmail }));
  };

  return (
    <Box component="form" method="post" noValidate onSubmit={submit} aria-label="Custom figure inquiry" sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {FIELDS.map((f) => (
          <TextInput
            key={f.key}
            name={f.key}
            label={f.label}
            type={f.type}
            required
            autoComplete={f.autoComplete}
            multiline={f.multiline}
            minRows={f.multiline ? 5 : undefined}
            value={values[f.key]}
            error={missing.has(f.key)}
            helperText={missing.has(f.key) ? 'Required' : f.helper}
            onChange={(e) => dispatch(contactFieldEdited({ field: f.key, value: e.target.value }))}
            sx={{ bgcolor: 'transparent', gridColumn: f.multiline ? '1 / -1' : undefined, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
          />
        ))}
      </Box>

      {status.kind === 'invalid' && (
        <Alert severity="warning" role="alert">
          {status.message}
        </Alert>
      )}
      {status.kind === 'sent' && (
        <Alert severity="success" role="status">
          Your mail program should open with your request ready to send. Nothing opened?{' '}
          <Link href={status.href} sx={{ fontWeight: 700 }}>
            Open the e-mail
          </Link>
          {shopEmail ? <> or write to {shopEmail}.</> : '.'}
        </Alert>
      )}

      <Button type="submit" variant="contained" size="large" endIcon={<Send />} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
        Send request
      </Button>
    </Box>
  );
}
