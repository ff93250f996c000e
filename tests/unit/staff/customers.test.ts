import { describe, expect, it } from 'vitest';
import { accountChangeEnded, accountChangeStarted, disableFormOpened, disableReasonTyped, disableRefused, staffCustomersSlice } from '../../../src/features/staff/customers/customersSlice';
import { CUSTOMER_TEXT, customerQueryArgs, customerSearch, disableReasonError, parseCustomerFilters, sortedBy } from '../../../src/features/staff/customers/rules';

describe('the customer list in the url', () => {
  it('reads search, sort, direction and page, anything unreadable being the default', () => {
    expect(parseCustomerFilters('')).toEqual({ q: '', sort: 'name', dir: 'asc', page: 1 });
    expect(parseCustomerFilters('?q=ada&sort=spend&page=3')).toEqual({ q: 'ada', sort: 'spend', dir: 'desc', page: 3 });
    expect(parseCustomerFilters('?sort=height&dir=up&page=-2')).toEqual({ q: '', sort: 'name', dir: 'asc', page: 1 });
  });

  it('writes only what differs from the defaults, and asks the server for one page', () => {
    expect(customerSearch({ q: ' ', sort: 'name', dir: 'asc', page: 1 })).toBe('');
    expect(customerSearch({ q: 'ada', sort: 'spend', dir: 'desc', page: 2 })).toBe('?q=ada&sort=spend&page=2');
    expect(customerSearch({ q: '', sort: 'lastOrder', dir: 'asc', page: 1 })).toBe('?sort=lastOrder&dir=asc');
    expect(customerQueryArgs({ q: '', sort: 'orders', dir: 'desc', page: 4 })).toEqual({ sort: 'orders', dir: 'desc', page: 4, pageSize: 25 });
  });

  it('flips the direction of the column sorted by, starts another in its own, back on page 1', () => {
    const f = { q: 'x', sort: 'spend' as const, dir: 'desc' as const, page: 5 };
    expect(sortedBy(f, 'spend')).toEqual({ q: 'x', sort: 'spend', dir: 'asc', page: 1 });
    expect(sortedBy(f, 'name')).toEqual({ q: 'x', sort: 'name', dir: 'asc', page: 1 });
  });
});

describe('disabling an account', () => {
  it('needs a reason, said in words', () => {
    expect(disableReasonError('  ')).toBe(CUSTOMER_TEXT.reasonRequired);
    expect(disableReasonError('x'.repeat(501))).toBe(CUSTOMER_TEXT.reasonTooLong);
    expect(disableReasonError('Chargebacks')).toBeNull();
  });

  it('keeps the form as typed until the change went through', () => {
    const reducer = staffCustomersSlice.reducer;
    let s = reducer(undefined, disableFormOpened('u1'));
    s = reducer(s, disableReasonTyped('Chargebacks'));
    s = reducer(s, disableRefused('The account was not changed. Please try again.'));
    expect(s.disabling).toEqual({ customerId: 'u1', reason: 'Chargebacks', error: 'The account was not changed. Please try again.' });
    s = reducer(s, disableReasonTyped('Chargebacks on every order'));
    expect(s.disabling?.error).toBeNull();
    s = reducer(s, accountChangeStarted('u1'));
    expect(s.changing).toBe('u1');
    s = reducer(s, accountChangeEnded({ customerId: 'u1', ok: false }));
    expect(s).toMatchObject({ changing: null, disabling: { reason: 'Chargebacks on every order' } });
    s = reducer(s, accountChangeEnded({ customerId: 'u1', ok: true }));
    expect(s.disabling).toBeNull();
  });
});
