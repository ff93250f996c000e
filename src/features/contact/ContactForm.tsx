import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextInput } from '../../components/OutlinedField';
import { EMPTY_INQUIRY, INQUIRY_RESET_MS, inquiryMailto, inquiryProblem, missingFields, type Inquiry } from './inquiry';

/** Opens the visitor's mail program without leaving the page (a click on a mailto: anchor). */
function openMailLink(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const FIELDS: { key: keyof Inquiry; label: string; type?: string; autoComplete?: string; multiline?: boolean; helper?: string }[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'characterName', label: 'Character Name', helper: 'Who should we print? A hero, a pet, you…' },
  { key: 'details', label: 'Details', multiline: true, helper: 'Size, pose, colours, reference links, and when you need it.' },
];

type Status = { kind: 'idle' } | { kind: 'invalid'; message: string } | { kind: 'sent'; href: string };

/**
 * The custom figure inquiry form (SPEC §2, §5). Submitting a complete form opens a mailto: link
 * to the shop's address, shows a fallback link, and clears the form 2 seconds later.
 */
export function ContactForm({ shopEmail }: { shopEmail: string | undefined }) {
  const [values, setValues] = useState<Inquiry>(EMPTY_INQUIRY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [touched, setTouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const missing = touched ? new Set(missingFields(values)) : new Set<keyof Inquiry>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const problem = inquiryProblem(values);
    if (problem) {
      setStatus({ kind: 'invalid', message: problem });
      return;
    }
    const href = inquiryMailto(shopEmail, values);
    if (!href) {
      setStatus({ kind: 'invalid', message: 'Our e-mail address is still loading. Please try again in a moment.' });
      return;
    }
    openMailLink(href);
    setStatus({ kind: 'sent', href });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setValues(EMPTY_INQUIRY);
      setTouched(false);
    }, INQUIRY_RESET_MS);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Custom figure inquiry" sx={{ display: 'grid', gap: 2.5 }}>
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
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.key]: e.target.value }));
              if (status.kind === 'invalid') setStatus({ kind: 'idle' });
            }}
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
