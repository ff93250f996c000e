import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  contactFieldEdited,
  contactFormReset,
  contactFormSubmitted,
  contactSlice,
  initialContactState,
  selectMissingContactFields,
  SHOP_EMAIL_LOADING,
  type ContactState,
} from '../../../src/features/contact/contactSlice';
import { INQUIRY_INCOMPLETE, type Inquiry } from '../../../src/features/contact/inquiry';

const reduce = (state: ContactState, ...actions: UnknownAction[]) => actions.reduce((s, a) => contactSlice.reducer(s, a), state);
const FILLED: Inquiry = { name: 'Ada', email: 'ada@example.com', phone: '555 0100', characterName: 'Moon Cat', details: '6 inch' };
const fill = (values: Partial<Inquiry>) => Object.entries(values).map(([field, value]) => contactFieldEdited({ field: field as keyof Inquiry, value: value! }));

describe('contact form', () => {
  it('flags missing fields only after a send, and the alert goes when the shopper types', () => {
    let s = reduce(initialContactState, ...fill({ name: 'Ada' }));
    expect(selectMissingContactFields({ contact: s })).toEqual([]);
    s = reduce(s, contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));
    expect(s.status).toEqual({ kind: 'invalid', message: INQUIRY_INCOMPLETE });
    expect(selectMissingContactFields({ contact: s })).toEqual(['email', 'phone', 'characterName', 'details']);
    s = reduce(s, ...fill({ email: 'ada@example.com' }));
    expect(s.status).toEqual({ kind: 'idle' });
  });

  it('a complete form becomes a mail link to the shop; the reset clears the fields but keeps the link', () => {
    let s = reduce(initialContactState, ...fill(FILLED), contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));
    expect(s.status.kind).toBe('sent');
    expect(s.status.kind === 'sent' && s.status.href.startsWith('mailto:hello@layerloft.test?subject=Custom%20figure%20request%3A%20Moon%20Cat')).toBe(true);
    s = reduce(s, contactFormReset());
    expect(s.values).toEqual(initialContactState.values);
    expect(s.submitted).toBe(false);
    expect(s.status.kind).toBe('sent');
  });

  it('without the shop address (settings still loading) nothing is sent', () => {
    const s = reduce(initialContactState, ...fill(FILLED), contactFormSubmitted({ shopEmail: undefined }));
    expect(s.status).toEqual({ kind: 'invalid', message: SHOP_EMAIL_LOADING });
    expect(s.values).toEqual(FILLED);
  });
});
