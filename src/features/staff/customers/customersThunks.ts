import { serverMessage } from '../../../api/errors';
import { navigationRequested, toastRequested } from '../../../store/events';
import type { StoreDeps } from '../../../store/deps';
import type { AppDispatch, RootState } from '../../../store/types';
import { selectLocation } from '../../router';
import { saveCsv } from '../saveCsv';
import { customersApi } from './customersApi';
import { accountChangeEnded, accountChangeStarted, customerSearchApplied, disableRefused, selectStaffCustomers } from './customersSlice';
import { CUSTOMER_TEXT, customerQueryArgs, customerSearch, disableReasonError, parseCustomerFilters, type CustomerListFilters } from './rules';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

/** The customer list's filters now shown (from the url). */
export const selectCustomerFilters = (state: RootState): CustomerListFilters => parseCustomerFilters(selectLocation(state).search);

/** Shows the list with `patch` applied (the typed search too): the filters live in the url. Any change but the page's goes back to page 1. */
export function applyCustomerFilters(patch: Partial<CustomerListFilters> = {}): Thunk<void> {
  return (dispatch, getState) => {
    const state = getState();
    const typed = selectStaffCustomers(state).searchEdit;
    const next: CustomerListFilters = { ...selectCustomerFilters(state), ...(typed !== null ? { q: typed } : {}), ...patch };
    if (patch.page === undefined) next.page = 1;
    dispatch(customerSearchApplied());
    dispatch(navigationRequested(`/staff/customers${customerSearch(next)}`));
  };
}

/** 'Export CSV': every customer the search finds, in the list's order, saved as a file; a failure is said in a toast. */
export function exportCustomers(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { page: _page, pageSize: _pageSize, ...args } = customerQueryArgs(selectCustomerFilters(getState()));
    const result = await dispatch(customersApi.endpoints.exportStaffCustomers.initiate(args, { track: false }));
    if ('error' in result && result.error) {
      dispatch(toastRequested(serverMessage(result.error) || CUSTOMER_TEXT.exportFailed, 'error'));
      return;
    }
    saveCsv(`customers-${new Date().toISOString().slice(0, 10)}.csv`, result.data ?? '');
  };
}

/** Disables the account with the reason typed; a missing reason is said under the field, nothing is sent. */
export function submitDisable(customerId: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { disabling, changing } = selectStaffCustomers(getState());
    if (!disabling || disabling.customerId !== customerId || changing) return;
    const problem = disableReasonError(disabling.reason);
    if (problem) {
      dispatch(disableRefused(problem));
      return;
    }
    dispatch(accountChangeStarted(customerId));
    const result = await dispatch(customersApi.endpoints.disableCustomer.initiate({ id: customerId, reason: disabling.reason.trim() }, { track: false }));
    const failed = 'error' in result && result.error;
    dispatch(accountChangeEnded({ customerId, ok: !failed }));
    if (failed) dispatch(disableRefused(serverMessage(result.error) || CUSTOMER_TEXT.changeFailed));
    else dispatch(toastRequested(CUSTOMER_TEXT.disabled, 'success'));
  };
}

export function submitEnable(customerId: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (selectStaffCustomers(getState()).changing) return;
    dispatch(accountChangeStarted(customerId));
    const result = await dispatch(customersApi.endpoints.enableCustomer.initiate(customerId, { track: false }));
    const failed = 'error' in result && result.error;
    dispatch(accountChangeEnded({ customerId, ok: !failed }));
    dispatch(failed ? toastRequested(serverMessage(result.error) || CUSTOMER_TEXT.changeFailed, 'error') : toastRequested(CUSTOMER_TEXT.enabled, 'success'));
  };
}
