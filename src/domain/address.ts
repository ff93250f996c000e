import { hasUnsafeCharacters } from './text';
import type { Address } from './types';

/**
 * Delivery address rules (SPEC §3, §5), shared by the checkout form and the server's
 * order route so both refuse exactly the same things.
 */

/** The 50 states and the District of Columbia: delivery is to the United States only (SPEC §9). */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

export const COUNTRY = 'United States' as const;

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** A state code ('CA') or a state name ('California', any case) → the code, or null. */
export function stateCode(value: string): string | null {
  if (value.length > 60) return null;
  const v = value.trim();
  if (STATE_CODES.has(v.toUpperCase())) return v.toUpperCase();
  const byName = US_STATES.find((s) => s.name.toLowerCase() === v.toLowerCase());
  return byName?.code ?? null;
}

/**
 * The basic pattern of SPEC §5: something, '@', something, '.', something — no spaces. The length
 * is checked before the pattern, and the pattern cannot backtrack (the domain's first part stops at
 * its first dot), so even a megabyte of text is refused at once.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > MAX_EMAIL_INPUT) return false;
  const v = email.trim();
  return v.length <= ADDRESS_LIMITS.email && /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/.test(v);
}

/** 5 digits or ZIP+4 ('12345' or '12345-6789'). */
export function isValidZip(zip: string): boolean {
  return zip.length <= 40 && /^\d{5}(?:-\d{4})?$/.test(zip.trim());
}

/**
 * A US phone number as 10 digits, or null. Spaces, dashes, dots, parentheses and a leading
 * +1 / 1 are tolerated because people type them; letters are not.
 */
export function normalisePhone(phone: string): string | null {
  if (phone.length > 40) return null;
  const v = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return null;
  let digits = v.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

export const ADDRESS_LIMITS = { name: 60, email: 254, street: 120, city: 60, description: 500 } as const;
/** Room for white space around an e-mail address that is still trimmed away; anything longer is refused unread. */
const MAX_EMAIL_INPUT = 300;

export const ADDRESS_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address with "@" and "."',
  street: 'Please enter your street address',
  city: 'Please enter your city',
  state: 'Please choose a US state',
  zipcode: 'Please enter a 5-digit ZIP code (or ZIP+4)',
  phone: 'Please enter a 10-digit phone number',
  country: 'We deliver to the United States only',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  unsafe: 'Please remove control characters and text-direction marks',
} as const;

export type AddressField = keyof Address;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The address as a shopper may type it (every field a string; country may be missing). */
export type AddressInput = Partial<Record<AddressField, unknown>>;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Validates and normalises a delivery address. Returns the clean address (trimmed, state as its
 * code, phone as 10 digits, country fixed) or the errors by field. Messages are for the shopper.
 */
export function checkAddress(input: AddressInput): { ok: true; address: Address } | { ok: false; errors: AddressErrors } {
  const errors: AddressErrors = {};
  const required = (field: 'firstName' | 'lastName' | 'street' | 'city', max: number) => {
    const v = text(input[field]);
    if (!v) errors[field] = ADDRESS_MESSAGES[field];
    else if (v.length > max) errors[field] = ADDRESS_MESSAGES.tooLong(max);
    else if (hasUnsafeCharacters(v, false)) errors[field] = ADDRESS_MESSAGES.unsafe;
    return v;
  };
  const firstName = required('firstName', ADDRESS_LIMITS.name);
  const lastName = required('lastName', ADDRESS_LIMITS.name);
  const street = required('street', ADDRESS_LIMITS.street);
  const city = required('city', ADDRESS_LIMITS.city);

  const email = text(input.email);
  if (!isValidEmail(email) || email.length > ADDRESS_LIMITS.email) errors.email = ADDRESS_MESSAGES.email;
  else if (hasUnsafeCharacters(email, false)) errors.email = ADDRESS_MESSAGES.unsafe;

  const state = stateCode(text(input.state));
  if (!state) errors.state = ADDRESS_MESSAGES.state;

  const zipcode = text(input.zipcode);
  if (!isValidZip(zipcode)) errors.zipcode = ADDRESS_MESSAGES.zipcode;

  const phone = normalisePhone(text(input.phone));
  if (!phone) errors.phone = ADDRESS_MESSAGES.phone;

  const country = text(input.country);
  if (country.length > 40 || (country && country !== COUNTRY && country.toUpperCase() !== 'US' && country.toUpperCase() !== 'USA')) errors.country = ADDRESS_MESSAGES.country;

  const description = text(input.description);
  if (description.length > ADDRESS_LIMITS.description) errors.description = ADDRESS_MESSAGES.tooLong(ADDRESS_LIMITS.description);
  else if (hasUnsafeCharacters(description, true)) errors.description = ADDRESS_MESSAGES.unsafe;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const address: Address = { firstName, lastName, email, street, city, state: state!, zipcode, country: COUNTRY, phone: phone! };
  if (description) address.description = description;
  return { ok: true, address };
}

/** '(555) 123-4567' for display. */
export function formatPhone(digits: string): string {
  return digits.length === 10 && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}
