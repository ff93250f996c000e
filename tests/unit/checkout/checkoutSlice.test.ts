import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  checkoutOpened,
  checkoutSlice,
  discountApplied,
  discountCodeSubmitted,
  discountRejected,
  initialCheckoutState,
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
import { PLACE_ORDER_ERROR, type CheckoutSubmission } from '../../../src/features/checkout/rules';
import { orderPlaced } from '../../../src/store/events';
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
const SUBMISSION = {} as CheckoutSubmission;
const QUOTE: OrderQuote = { subtotal: 25, deliveryFee: 10, discount: 0, amount: 35, discountCode: null, discountPercent: 0 };
const ORDER = { _id: 'o1', isBuyNow: false } as PlacedOrder;
const SESSION = { sessionUrl: 'http://x/pay/cs', orderId: 'o1', sessionId: 'cs', amount: 30 };

describe('checkout state machine', () => {
  it('editing → validating → creatingSession → redirecting', () => {
    let s = reduce(initialCheckoutState, orderSubmitted(SUBMISSION));
    expect(s.status).toBe('validating');
    s = reduce(s, orderValidated(REQUEST));
    expect(s).toMatchObject({ status: 'creatingSession', request: REQUEST });
    s = reduce(s, sessionCreated(SESSION));
    expect(s.status).toBe('redirecting');
    // Back from the payment page through the browser cache: editing again.
    expect(reduce(s, returnedFromPaymentPage()).status).toBe('editing');
  });

  it('validation failures return to editing with the errors', () => {
    const s = reduce(initialCheckoutState, orderSubmitted(SUBMISSION), orderInvalid({ fieldErrors: { zipcode: 'bad' }, formError: null }));
    expect(s).toMatchObject({ status: 'editing', fieldErrors: { zipcode: 'bad' } });
  });

  it('a changed total is confirmed (with the server amount) or declined', () => {
    const asking = reduce(initialCheckoutState, orderSubmitted(SUBMISSION), orderValidated(REQUEST), totalChanged(QUOTE));
    expect(asking).toMatchObject({ status: 'confirmingTotal', newTotal: QUOTE });
    const confirmed = reduce(asking, newTotalConfirmed());
    expect(confirmed.status).toBe('creatingSession');
    expect(confirmed.request!.amount).toBe(35);
    expect(reduce(asking, newTotalDeclined())).toMatchObject({ status: 'editing', request: null, newTotal: null });
  });

  it('a failed order shows the SPEC §8 message and the server reason', () => {
    const s = reduce(initialCheckoutState, orderSubmitted(SUBMISSION), orderValidated(REQUEST), orderFailed({ message: 'Test Lamp is out of stock' }));
    expect(s).toMatchObject({ status: 'editing', formError: PLACE_ORDER_ERROR, errorDetail: 'Test Lamp is out of stock' });
  });

  it('ignores events that do not fit the current state', () => {
    expect(reduce(initialCheckoutState, orderValidated(REQUEST)).status).toBe('editing');
    expect(reduce(initialCheckoutState, sessionCreated(SESSION)).status).toBe('editing');
    expect(reduce(initialCheckoutState, newTotalConfirmed()).status).toBe('editing');
    const creating = reduce(initialCheckoutState, orderSubmitted(SUBMISSION), orderValidated(REQUEST));
    expect(reduce(creating, orderSubmitted(SUBMISSION)).status).toBe('creatingSession');
    expect(reduce(creating, checkoutOpened()).status).toBe('creatingSession');
    expect(reduce(creating, discountApplied({ code: 'X', percentage: 5 })).discount).toBeNull();
  });

  it('verifying → placed | failed, and a repeated start for the same session is one verification', () => {
    let s = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs', success: true }));
    expect(s).toMatchObject({ status: 'verifying', verifyingSession: 'cs' });
    s = reduce(s, verificationStarted({ sessionId: 'cs', success: true }), orderPlaced({ order: ORDER, isBuyNow: false, emptiesCart: true }));
    expect(s).toMatchObject({ status: 'placed', outcome: 'placed', placed: ORDER });
    expect(reduce(s, verificationStarted({ sessionId: 'cs', success: true })).status).toBe('placed');
    const failed = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs2', success: false }), verificationFailed({ message: null }));
    expect(failed).toMatchObject({ status: 'failed', outcome: 'failed' });
    const errored = reduce(initialCheckoutState, verificationStarted({ sessionId: 'cs3', success: true }), verificationErrored({ message: 'down', status: 500 }));
    expect(errored).toMatchObject({ status: 'failed', outcome: 'error' });
    // Placed without verifying: ignored.
    expect(reduce(initialCheckoutState, orderPlaced({ order: ORDER, isBuyNow: false, emptiesCart: true })).status).toBe('editing');
  });

  it('discount codes: blank does nothing; a rejected code clears the discount', () => {
    expect(reduce(initialCheckoutState, discountCodeSubmitted('   ')).discountChecking).toBe(false);
    let s = reduce(initialCheckoutState, discountCodeSubmitted('welcome10'), discountApplied({ code: 'WELCOME10', percentage: 10 }));
    expect(s).toMatchObject({ discount: { code: 'WELCOME10', percentage: 10 }, discountChecking: false });
    s = reduce(s, discountCodeSubmitted('nope'), discountRejected({ message: 'Invalid code' }));
    expect(s).toMatchObject({ discount: null, discountError: 'Invalid code' });
  });
});
