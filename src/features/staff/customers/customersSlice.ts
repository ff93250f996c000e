import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../../../store/events';
import { injectLazySlice } from '../../../store/lazySliceInjection';
import type { RootState } from '../../../store/types';

/**
 * What staff type on the customer screens, so a QA replay shows it: the list's search as typed
 * (the applied one is in the url), the disable form (open for which account, its reason and the
 * message under it) and the account change on its way.
 */
export interface StaffCustomersState {
  /** The search as typed; null while it equals the url's. */
  searchEdit: string | null;
  disabling: { customerId: string; reason: string; error: string | null } | null;
  /** The account whose disable or enable is on its way. */
  changing: string | null;
}

const initialState: StaffCustomersState = { searchEdit: null, disabling: null, changing: null };

export const customerSearchEdited = createAction<string>('staffCustomers/searchEdited');
export const customerSearchApplied = createAction('staffCustomers/searchApplied');
export const disableFormOpened = createAction<string>('staffCustomers/disableFormOpened');
export const disableReasonTyped = createAction<string>('staffCustomers/disableReasonTyped');
export const disableFormClosed = createAction('staffCustomers/disableFormClosed');
export const disableRefused = createAction<string>('staffCustomers/disableRefused');
export const accountChangeStarted = createAction<string>('staffCustomers/accountChangeStarted');
export const accountChangeEnded = createAction<{ customerId: string; ok: boolean }>('staffCustomers/accountChangeEnded');

export const staffCustomersSlice = createSlice({
  name: 'staffCustomers',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(customerSearchEdited, (state, { payload }) => {
        state.searchEdit = payload.slice(0, 100);
      })
      .addCase(customerSearchApplied, (state) => {
        state.searchEdit = null;
      })
      .addCase(disableFormOpened, (state, { payload }) => {
        state.disabling = { customerId: payload, reason: '', error: null };
      })
      .addCase(disableReasonTyped, (state, { payload }) => {
        if (state.disabling) Object.assign(state.disabling, { reason: payload.slice(0, 1000), error: null });
      })
      .addCase(disableFormClosed, (state) => {
        state.disabling = null;
      })
      .addCase(disableRefused, (state, { payload }) => {
        if (state.disabling) state.disabling.error = payload;
      })
      .addCase(accountChangeStarted, (state, { payload }) => {
        state.changing = payload;
      })
      .addCase(accountChangeEnded, (state, { payload }) => {
        if (state.changing === payload.customerId) state.changing = null;
        if (payload.ok && state.disabling?.customerId === payload.customerId) state.disabling = null;
      })
      .addCase(loggedOut, () => initialState);
  },
});

declare module '../../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging of the lazy slices
  interface LazyLoadedSlices extends WithSlice<typeof staffCustomersSlice> {}
}

/** The slice in the store from the moment this module loads (the customer screens' chunk). */
injectLazySlice(staffCustomersSlice);
export const selectStaffCustomers = (state: RootState): StaffCustomersState => state.staffCustomers ?? staffCustomersSlice.getInitialState();
