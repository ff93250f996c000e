import { TEST_CARDS } from './testProvider';

/** What the built-in checkout's card form sends (all strings as typed). */
export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;

export const CARD_MESSAGES = {
  name: 'Please enter the name on your card.',
  number: 'Your card number is invalid.',
  expiryFormat: "Your card's expiration date is incomplete. Use MM / YY.",
  expiryMonth: "Your card's expiration month is invalid.",
  expired: 'Your card has expired. Please use a card with a future expiration date.',
  cvc: "Your card's security code is invalid.",
  declined: 'Your card was declined. Please try a different card.',
  unknownCard: 'Your card was declined. This is a test checkout: pay with the test card 4242 4242 4242 4242.',
} as const;

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardOutcome =
  | { kind: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'approved'; last4: string };

/**
 * The built-in checkout's card rules: a well-formed number (12–19 digits, Luhn), an expiry
 * MM/YY (or MM/YYYY) not in the past, a 3–4 digit CVC and a name. Then, like Stripe's test mode:
 * 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, any other card is declined too.
 */
export function checkCard(form: CardForm, now: Date): CardOutcome {
  const errors: Partial<Record<CardField, string>> = {};
  if (!form.name.trim() || form.name.trim().length > 100) errors.name = CARD_MESSAGES.name;

  const raw = form.number.trim();
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^[\d\s-]+$/.test(raw) || !/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = CARD_MESSAGES.number;

  const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  if (!exp) {
    errors.expiry = CARD_MESSAGES.expiryFormat;
  } else {
    const month = Number(exp[1]);
    const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
    if (month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiryMonth;
    // A card is valid through the last day of its expiry month.
    else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry = CARD_MESSAGES.expired;
  }

  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;

  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  if (digits === TEST_CARDS.success) return { kind: 'approved', last4: digits.slice(-4) };
  if (digits === TEST_CARDS.declined) return { kind: 'declined', message: CARD_MESSAGES.declined };
  return { kind: 'declined', message: CARD_MESSAGES.unknownCard };
}
