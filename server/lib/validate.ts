import type { z } from 'zod';
import { HttpError } from './errors';
import { own } from '../../src/domain/lookup';

/** Field names whose words are not their letters (`q` is a search box, `from`/`to` a date range). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  q: 'Search',
  from: 'Start date',
  to: 'End date',
  zipcode: 'ZIP code',
  _id: 'Id',
  id: 'Id',
};

/** `trackingNumber` → 'tracking number', `accessories` → 'accessories'. */
const words = (key: string) => own(FIELD_LABELS, key) ?? key.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A field's path as people read it: `startDate` → 'Start date', `accessories[0].price` →
 * 'Accessories #1 price', `address.zipcode` → 'Address ZIP code'.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const text = path.map((k) => (typeof k === 'number' ? `#${k + 1}` : words(String(k)))).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An issue's message, zod's own wording (where a schema names no message) put in words for
 * people; these read as the rest of a sentence that starts with the field's name.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const m = issue.message;
  if (issue.code === 'invalid_type' && /^Invalid input/.test(m)) return /received undefined/.test(m) ? 'is required' : `must be ${article(issue.expected)}`;
  if (issue.code === 'too_big' && /^Too big/.test(m)) return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items' : ''}`;
  if (issue.code === 'too_small' && /^Too small/.test(m)) return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items' : ''}`;
  if (issue.code === 'invalid_value' && /^Invalid (?:option|input)/.test(m)) return `must be one of: ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return `${issue.keys.length === 1 ? 'This field is' : 'These fields are'} not accepted: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_format' && /^Invalid /.test(m)) return issue.format === 'email' ? 'must be an e-mail address' : `must be a valid ${issue.format}`;
  return m;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/**
 * One issue as a sentence for people: "Email must be an e-mail address", "End date must be after
 * the start date". A predicate ("must be…", "is required") follows the field's name; a message
 * its schema wrote as a sentence of its own (capitalised) stands alone.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  const message = issueMessage(issue);
  if (!issue.path.length || /^[^a-z]/.test(message)) return message.charAt(0).toUpperCase() + message.slice(1);
  return `${fieldLabel(issue.path)} ${message}`;
}

/** Formats zod issues as readable sentences: "Email must be an e-mail address; Quantity must be at least 1". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.slice(0, 5).map(describeIssue).join('; ');
}

/** Parses input with a zod schema or throws a 400 HttpError carrying a clear message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new HttpError(400, `Invalid ${what}: ${describeIssues(r.error)}`);
  return r.data;
}
