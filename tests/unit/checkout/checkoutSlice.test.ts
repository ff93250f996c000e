import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  checkoutOpened,
  checkoutPrefilled,
  checkoutSlice,
  discountApplied,
  discountCodeEdited,
  discountCodeSubmitted,
  discountRejected,
  fieldEdited,
  fieldLeft,
  initialCheckoutState,
  lastAddressRestored,
  orderRequestKeyed,
  paymentMethodChosen,
  newTotalConfirmed,
  newTotalDeclined,
  orderFailed,
  orderInvalid,
  orderSubmitted,
  orderValidated,
  returnedFromPaymentPage,
  sessionCreated,
  totalChanged,
  verificationErrored,
  verificationFailed,
  verificationStarted,
  type CheckoutState,
} from '../../../src/features/checkout/checkoutSlice';
import { PLACE_ORDER_ERROR } from '../../../src/features/checkout/rules';
import { loggedOut, orderPlaced } from '../../../src/store/events';
import type { OrderQuote, OrderRequest, PlacedOrder } from '../../../src/domain/types';

const reduce = (state: CheckoutState, ...actions: UnknownAction[]) => actions.reduce((s, a) => checkoutSlice.reducer(s, a), state);

const REQUEST: OrderRequest = {
  address: { firstName: 'A', lastName: 'B', email: 'a@b.co', street: 's', city: 'c', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550142' },
  items: [{ productId: 'p1', name: 'P', quantity: 1, color: '|', price: 20, unitPrice: 20, image: '' }],
  amount: 30,
  description: '',
  discountCode: '',
  isBuyNow: false,
};
const QUOTE: OrderQuote = { subtotal: 25, deliveryFee: 10, discount: 0, amount: 35, discountCode: null, discountPercent: 0 };
const ORDER = { _id: 'o1', isBuyNow: false } as PlacedOrder;
const SESSION = { sessionUrl: 'http://x/pay/cs', orderId: 'o1', sessionId: 'cs', amount: 30 };

describe('checkout state machine', () => {
  it('editing → validating → creatingSession → redirecting', () => {
    let s = reduce(initialCheckoutState, orderSubmitted());
    expect(s.status).toBe('validating');
    s = reduce(s, orderValidated(REQUEST));
    expect(s).toMatchObject({ status: 'creatingSession', request: REQUEST });
    s = reduce(s, sessionCreated(SESSION));
    expect(s.status).toBe('redirecting');
    // Back from the payment page through the browser cache: editing again.
    expect(reduce(s, returnedFromPaymentPage()).status).toBe('editing');
  });

  it('validation failures return to editing with the errors', () => {
    const s = reduce(initialCheckoutState, orderSubmitted(), orderInvalid({ fieldErrors: { zipcode: 'bad' }, formError: null }));
    expect(s).toMatchObject({ status: 'editing', fieldErrors: { zipcode: 'bad' } });
  });

  it('a changed total is confirmed (with the server amount) or declined', () => {
    const asking = reduce(initialCheckoutState, orderSubmitted(), orderValidated(REQUEST), totalChanged(QUOTE));
    expect(asking).toMatchObject({ status: 'confirmingTotal', newTotal: QUOTE });
    const confirmed = reduce(asking, newTotalConfirmed());
    expect(confirmed.status).toBe('creatingSession');
    expect(confirmed.request!.amount).toBe(35);
    expect(reduce(asking, newTotalDeclined())).toMatchObject({ status: 'editing', request: null, newTotal: null });
  });

  it('a failed order shows the SPEC §8 message and the server reason', () => {
    const s = reduce(initialCheckoutState, orderSubmitted(), orderValidated(REQUEST), orderFailed({ message: 'Test Lamp is out of stock' }));
    expect(s).toMatchObject({ status: 'editing', formError: PLACE_ORDER_ERROR, errorDetail: 'Test Lamp is out of stock' });
  });

  it('ignores events that do not fit the current state', () => {
    expect(reduce(initialCheckoutState, orderValidated(REQUEST)).status).toBe('editing');
    expect(reduce(initialCheckoutState, sessionCreated(SESSION)).status).toBe('editing');
    expect(reduce(initialCheckoutState, newTotalConfirmed()).status).toBe('editing');
    const creating = reduce(initialCheckoutState, orderSubmitted(), orderValidated(REQUEST));
    expect(reduce(creating, orderSubmitted()).status).toBe('creatingSession');
    expect(reduce(creating, checkoutOpened({ buyNow: null })).status).toBe('creatingSession');
    expect(reduce(creating, discountApplied({ code: 'X', percentage: 5 })).discount).toBeNull();
  });

  it('verifying → placed | failed, and a repeated start for the same session is one verification', () => {
    let s = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs', success: true }));
    expect(s).toMatchObject({ status: 'verifying', verifyingSession: 'cs' });
    s = reduce(s, verificationStarted({ sessionId: 'cs', success: true }), orderPlaced({ order: ORDER, isBuyNow: false, emptiesCart: true }));
    expect(s).toMatchObject({ status: 'placed', placed: ORDER });
    expect(reduce(s, verificationStarted({ sessionId: 'cs', success: true })).status).toBe('placed');
    const failed = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs2', success: false }), verificationFailed({ message: null }));
    expect(failed).toMatchObject({ status: 'failed' });
    const errored = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs3', success: true }), verificationErrored({ message: 'down', status: 500 }));
    expect(errored).toMatchObject({ status: 'errored' });
    // Placed without verifying: ignored.
    expect(reduce(initialCheckoutState, orderPlaced({ order: ORDER, isBuyNow: false, emptiesCart: true })).status).toBe('editing');
  });

  it('discount codes: blank does nothing; a rejected code clears the discount', () => {
    const rejected = reduce(initialCheckoutState, discountCodeEdited('x'), discountRejected({ message: 'Invalid code' }));
    // A blank code is not submitted: the old message stays.
    expect(reduce(rejected, discountCodeEdited('   '), discountCodeSubmitted()).discountError).toBe('Invalid code');
    expect(reduce(rejected, discountCodeEdited('welcome10'), discountCodeSubmitted()).discountError).toBeNull();
    let s = reduce(initialCheckoutState, discountCodeEdited('welcome10'), discountCodeSubmitted(), discountApplied({ code: 'WELCOME10', percentage: 10 }));
    expect(s).toMatchObject({ discount: { code: 'WELCOME10', percentage: 10 }, draft: { discountCode: 'welcome10' } });
    s = reduce(s, discountCodeEdited('nope'), discountCodeSubmitted(), discountRejected({ message: 'Invalid code' }));
    expect(s).toMatchObject({ discount: null, discountError: 'Invalid code' });
  });
});

describe('checkout draft', () => {
  const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
  const LAST = { ...REQUEST.address, firstName: 'Augusta', street: '1 Replay Street' };

  it('holds every field as typed, and the payment method', () => {
    const s = reduce(initialCheckoutState, fieldEdited({ field: 'street', value: '1 Replay Street' }), fieldEdited({ field: 'zipcode', value: '97201' }), paymentMethodChosen('cod'));
    expect(s.draft).toMatchObject({ form: { street: '1 Replay Street', zipcode: '97201' }, paymentMethod: 'cod' });
  });

  it('prefills untouched fields from the last address, then the account, and never over what was typed', () => {
    let s = reduce(initialCheckoutState, fieldEdited({ field: 'lastName', value: '' }), checkoutPrefilled({ user: ADA }));
    expect(s.draft.form).toMatchObject({ firstName: 'Ada', lastName: '', email: 'ada@example.com', street: '' });
    s = reduce(s, lastAddressRestored(LAST), checkoutPrefilled({ user: ADA }));
    // The last address knows more (its first name wins); the emptied last name stays empty.
    expect(s.draft.form).toMatchObject({ firstName: 'Augusta', lastName: '', street: '1 Replay Street', city: 'c' });
    // Logged out: no account to prefill from, and the draft leaves with the shopper.
    expect(reduce(s, loggedOut()).draft.form.street).toBe('');
  });

  it('checks a field when the shopper leaves it filled, and clears its error when they type', () => {
    let s = reduce(initialCheckoutState, fieldLeft('zipcode'));
    expect(s.fieldErrors).toEqual({});
    s = reduce(s, fieldEdited({ field: 'zipcode', value: '123' }), fieldLeft('zipcode'));
    expect(s.fieldErrors.zipcode).toBe('Please enter a 5-digit ZIP code (or ZIP+4)');
    s = reduce(s, fieldEdited({ field: 'zipcode', value: '97201' }));
    expect(s.fieldErrors.zipcode).toBeUndefined();
  });

  it('keeps the idempotency key of the request being sent, and forgets it once the order is placed', () => {
    const creating = reduce(initialCheckoutState, orderSubmitted(), orderValidated(REQUEST), orderRequestKeyed({ body: 'b', key: 'k1' }));
    expect(creating.orderKey).toEqual({ body: 'b', key: 'k1' });
    // Only while a request is being sent.
    expect(reduce(initialCheckoutState, orderRequestKeyed({ body: 'b', key: 'k1' })).orderKey).toBeNull();
    const placed = reduce(creating, sessionCreated(SESSION), verificationStarted({ sessionId: 'cs', success: true }), orderPlaced({ order: ORDER, isBuyNow: false, emptiesCart: true }));
    expect(placed.orderKey).toBeNull();
  });

  it('remembers the buy-now item it was opened with', () => {
    const buyNow = { productId: 'p1', variant: 'Red|M', quantity: 2 };
    expect(reduce(initialCheckoutState, checkoutOpened({ buyNow })).buyNow).toEqual(buyNow);
    expect(reduce(initialCheckoutState, checkoutOpened({ buyNow }), checkoutOpened({ buyNow: null })).buyNow).toBeNull();
  });
});
