/**
 * The custom figure inquiry (SPEC §2 Contact, §5): five required fields, sent through the
 * visitor's own mail program as a mailto: link to the shop's address.
 */
export interface Inquiry {
  name: string;
  email: string;
  phone: string;
  characterName: string;
  details: string;
}

export const EMPTY_INQUIRY: Inquiry = { name: '', email: '', phone: '', characterName: '', details: '' };

const REQUIRED_FIELDS: readonly (keyof Inquiry)[] = ['name', 'email', 'phone', 'characterName', 'details'];

export const INQUIRY_INCOMPLETE = 'Please complete all required fields: Name, Email, Phone Number, Character Name, and Details.';

/** Delay before the form clears after a submission (SPEC §9). */
export const INQUIRY_RESET_MS = 2000;

/** Fields left empty (blank after trimming), in the form's order. */
export function missingFields(inquiry: Partial<Inquiry>): (keyof Inquiry)[] {
  return REQUIRED_FIELDS.filter((k) => typeof inquiry[k] !== 'string' || inquiry[k]!.trim() === '');
}

/** The alert text when something is missing, else null. */
export function inquiryProblem(inquiry: Partial<Inquiry>): string | null {
  return missingFields(inquiry).length > 0 ? INQUIRY_INCOMPLETE : null;
}

function inquirySubject(inquiry: Pick<Inquiry, 'characterName'>): string {
  return `Custom figure request: ${inquiry.characterName.trim()}`;
}

export function inquiryBody(inquiry: Inquiry): string {
  return [
    `Name: ${inquiry.name.trim()}`,
    `Email: ${inquiry.email.trim()}`,
    `Phone Number: ${inquiry.phone.trim()}`,
    `Character Name: ${inquiry.characterName.trim()}`,
    '',
    'Details:',
    inquiry.details.trim(),
  ].join('\n');
}

/**
 * `mailto:<shop>?subject=…&body=…` with subject and body percent-encoded (encodeURIComponent,
 * so spaces are %20 and line breaks %0A as mail programs expect, never '+'). Returns null when
 * the shop address is missing or does not look like an address.
 */
export function inquiryMailto(shopEmail: string | null | undefined, inquiry: Inquiry): string | null {
  const to = (shopEmail ?? '').trim();
  if (!/^[^\s@?&#/]+@[^\s#&/?@][^\s#&./?@]*\.[^\s#&/?@]+$/.test(to)) return null;
  return `mailto:${to}?subject=${encodeURIComponent(inquirySubject(inquiry))}&body=${encodeURIComponent(inquiryBody(inquiry))}`;
}
