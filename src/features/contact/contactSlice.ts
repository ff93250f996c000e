import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { injectLazySlice } from '../../store/lazySliceInjection';
import { EMPTY_INQUIRY, inquiryMailto, inquiryProblem, missingFields, type Inquiry } from './inquiry';

export const SHOP_EMAIL_LOADING = 'Our e-mail address is still loading. Please try again in a moment.';

/** What the inquiry form shows under its fields: nothing, why it was not sent, or the mail link it opened. */
export type ContactStatus = { kind: 'idle' } | { kind: 'invalid'; message: string } | { kind: 'sent'; href: string };

/**
 * The custom figure inquiry form (SPEC §2, §5): its values, whether the shopper tried to send it
 * (missing fields are flagged from then on) and the outcome. The listener opens the mail link and
 * clears the form 2 seconds later (SPEC §9).
 */
export interface ContactState {
  values: Inquiry;
  submitted: boolean;
  status: ContactStatus;
}

export const initialContactState: ContactState = { values: EMPTY_INQUIRY, submitted: false, status: { kind: 'idle' } };

// ---- events (past tense) -------------------------------------------------------------------

export const contactFieldEdited = createAction<{ field: keyof Inquiry; value: string }>('contact/fieldEdited');
/** The shopper sent the form; `shopEmail` is the address from the shop's settings (undefined while loading). */
export const contactFormSubmitted = createAction<{ shopEmail: string | undefined }>('contact/formSubmitted');
/** The delay after a send is over: the form starts empty again. */
export const contactFormReset = createAction('contact/formReset');

export const contactSlice = createSlice({
  name: 'contact',
  initialState: initialContactState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(contactFieldEdited, (state, { payload }) => {
        state.values[payload.field] = payload.value;
        if (state.status.kind === 'invalid') state.status = { kind: 'idle' };
      })
      .addCase(contactFormSubmitted, (state, { payload }) => {
        state.submitted = true;
        const problem = inquiryProblem(state.values);
        if (problem) {
          state.status = { kind: 'invalid', message: problem };
          return;
        }
        const href = inquiryMailto(payload.shopEmail, state.values);
        state.status = href ? { kind: 'sent', href } : { kind: 'invalid', message: SHOP_EMAIL_LOADING };
      })
      // The fallback link stays on screen: only the fields clear.
      .addCase(contactFormReset, (state) => {
        state.values = EMPTY_INQUIRY;
        state.submitted = false;
      });
  },
  selectors: {
    selectContactForm: (state) => state,
    /** Required fields left empty, flagged once the shopper has tried to send. */
    selectMissingContactFields: (state): ReadonlyArray<keyof Inquiry> => (state.submitted ? missingFields(state.values) : NONE),
  },
});

const NONE: ReadonlyArray<keyof Inquiry> = [];

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface LazyLoadedSlices extends WithSlice<typeof contactSlice> {}
}

/** In the store from the moment the contact page's chunk loads (not part of the first view). */
injectLazySlice(contactSlice, { contactFieldEdited, contactFormSubmitted, contactFormReset });

export const { selectContactForm, selectMissingContactFields } = contactSlice.getSelectors((state: { contact?: ReturnType<typeof contactSlice.getInitialState> }) => state.contact ?? contactSlice.getInitialState());
