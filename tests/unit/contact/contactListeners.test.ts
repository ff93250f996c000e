import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactFeature, mailLink } from '../../../src/features/contact/contactListeners';
import { contactFieldEdited, contactFormSubmitted, selectContactForm } from '../../../src/features/contact/contactSlice';
import { INQUIRY_RESET_MS, type Inquiry } from '../../../src/features/contact/inquiry';
import { makeStore } from '../../../src/store/store';

const FILLED: Inquiry = { name: 'Ada', email: 'ada@example.com', phone: '555 0100', characterName: 'Moon Cat', details: '6 inch' };

/** A clock the test moves by hand: each `wait` is a promise the test resolves. */
function manualTimers() {
  const waits: Array<{ ms: number; done: () => void }> = [];
  const wait = (ms: number) => new Promise<void>((resolve) => void waits.push({ ms, done: resolve }));
  return { waits, wait };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('contact form listener', () => {
  it('opens the mail link, then clears the form when the 2-second wait is over', async () => {
    const opened = vi.spyOn(mailLink, 'open').mockImplementation(() => undefined);
    const timers = manualTimers();
    const store = makeStore(undefined, { wait: timers.wait });
    store.startFeature(contactFeature);
    for (const [field, value] of Object.entries(FILLED)) store.dispatch(contactFieldEdited({ field: field as keyof Inquiry, value }));
    store.dispatch(contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));

    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]![0]).toMatch(/^mailto:hello@layerloft\.test\?subject=/);
    expect(timers.waits.map((w) => w.ms)).toEqual([INQUIRY_RESET_MS]);
    await flush();
    expect(selectContactForm(store.getState()).values).toEqual(FILLED);

    timers.waits[0]!.done();
    await vi.waitFor(() => expect(selectContactForm(store.getState()).values.name).toBe(''));
  });

  it('opens nothing and waits for nothing when the form is incomplete; a second send starts the wait over', async () => {
    const opened = vi.spyOn(mailLink, 'open').mockImplementation(() => undefined);
    const timers = manualTimers();
    const store = makeStore(undefined, { wait: timers.wait });
    store.startFeature(contactFeature);
    store.dispatch(contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));
    expect(opened).not.toHaveBeenCalled();
    expect(timers.waits).toEqual([]);

    for (const [field, value] of Object.entries(FILLED)) store.dispatch(contactFieldEdited({ field: field as keyof Inquiry, value }));
    store.dispatch(contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));
    store.dispatch(contactFormSubmitted({ shopEmail: 'hello@layerloft.test' }));
    expect(timers.waits).toHaveLength(2);
    // The first wait was cancelled by the second send: ending it clears nothing.
    timers.waits[0]!.done();
    await flush();
    expect(selectContactForm(store.getState()).values).toEqual(FILLED);
    timers.waits[1]!.done();
    await vi.waitFor(() => expect(selectContactForm(store.getState()).values).toEqual({ name: '', email: '', phone: '', characterName: '', details: '' }));
  });
});
