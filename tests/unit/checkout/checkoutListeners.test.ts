// @vitest-environment jsdom
// (It reads the window: storage events, localStorage.)
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundlesApi } from '../../../src/features/bundles/bundlesApi';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { checkoutFeature, paymentRedirect } from '../../../src/features/checkout/checkoutListeners';
import { selectDiscountChecking } from '../../../src/features/checkout/checkoutSelectors';
import {
  checkoutOpened,
  discountCodeEdited,
  discountCodeSubmitted,
  fieldEdited,
  newTotalConfirmed,
  orderSubmitted,
  returnedFromPaymentPage,
  selectCheckout,
} from '../../../src/features/checkout/checkoutSlice';
import { sessionApi } from '../../../src/features/session/sessionApi';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { makeStore } from '../../../src/store/store';
import { NOW } from '../../fixtures/catalog';
import { mswServer } from '../../utils/msw';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const ADDRESS = { street: '1 Replay Street', city: 'Portland', state: 'OR', zipcode: '97201', phone: '5035550142' } as const;

let go: ReturnType<typeof vi.fn>;
const realGo = paymentRedirect.go;
beforeEach(() => {
  go = vi.fn();
  paymentRedirect.go = go as unknown as typeof paymentRedirect.go;
  localStorage.clear();
});
afterEach(() => {
  paymentRedirect.go = realGo;
});

async function checkoutStore() {
  let n = 0;
  mswServer.use(
    http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: ADA })),
    http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
  );
  const store = makeStore(
    { session: { ...initialSessionState, status: 'authenticated', token: 'tok' }, cart: { items: { 'plain_|': 1 } } },
    { now: () => NOW, newId: () => `key-${++n}` },
  );
  // The checkout pages' listeners, started as the pages do (useFeature).
  store.startFeature(checkoutFeature);
  await store.dispatch(catalogApi.endpoints.getProducts.initiate());
  await store.dispatch(bundlesApi.endpoints.getBundles.initiate());
  return store;
}

describe('checkout listeners', () => {
  it('prefills the draft from the profile query once it answers', async () => {
    const store = await checkoutStore();
    store.dispatch(checkoutOpened({ buyNow: null }));
    expect(selectCheckout(store.getState()).draft.form.firstName).toBe('');
    await store.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    expect(selectCheckout(store.getState()).draft.form).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  });

  it('sends the same Idempotency-Key for a retry of the same order, and a new one when the order changes', async () => {
    const keys: Array<string | null> = [];
    let answer: 'fail' | 'ok' | 'changed' = 'fail';
    mswServer.use(
      http.post('*/api/order/stripe', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (answer === 'fail') return HttpResponse.json({ success: false, message: 'Payment provider down' }, { status: 502 });
        if (answer === 'changed') return HttpResponse.json({ success: false, message: 'Prices changed' }, { status: 409 });
        return HttpResponse.json({ success: true, session_url: 'http://pay.test/pay/cs_1', orderId: 'o1', sessionId: 'cs_1', amount: 30 });
      }),
      http.post('*/api/order/quote', () =>
        HttpResponse.json({ success: true, quote: { subtotal: 25, deliveryFee: 10, discount: 0, amount: 35, discountCode: null, discountPercent: 0 } }),
      ),
    );
    const store = await checkoutStore();
    store.dispatch(checkoutOpened({ buyNow: null }));
    await store.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    for (const [field, value] of Object.entries(ADDRESS)) store.dispatch(fieldEdited({ field: field as keyof typeof ADDRESS, value }));

    const placed = async () => {
      store.dispatch(orderSubmitted());
      await vi.waitFor(() => expect(selectCheckout(store.getState()).status).not.toBe('creatingSession'));
    };
    await placed();
    expect(selectCheckout(store.getState()).status).toBe('editing');
    // The same order again (a retry after the failure): the same key.
    await placed();
    expect(keys).toEqual(['key-1', 'key-1']);

    // Another address is another order: a new key.
    store.dispatch(fieldEdited({ field: 'street', value: '2 Replay Street' }));
    answer = 'ok';
    await placed();
    expect(selectCheckout(store.getState()).status).toBe('redirecting');
    expect(go).toHaveBeenCalledWith('http://pay.test/pay/cs_1');

    // Back from the payment page (browser cache) and the same order again: the same key, so the
    // server can answer the session it already opened.
    store.dispatch(returnedFromPaymentPage());
    answer = 'changed';
    await placed();
    expect(selectCheckout(store.getState()).status).toBe('confirmingTotal');
    // Confirming the server's new total changes the amount in the body: a new key.
    answer = 'ok';
    store.dispatch(newTotalConfirmed());
    await vi.waitFor(() => expect(selectCheckout(store.getState()).status).toBe('redirecting'));
    expect(keys).toEqual(['key-1', 'key-1', 'key-2', 'key-2', 'key-3']);
  });

  it("shows the discount check's progress from the mutation itself", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mswServer.use(
      http.post('*/api/discounts/validate', async () => {
        await held;
        return HttpResponse.json({ success: true, discount: { code: 'WELCOME10', percentage: 10 } });
      }),
    );
    const store = await checkoutStore();
    store.dispatch(discountCodeEdited(' welcome10 '));
    store.dispatch(discountCodeSubmitted());
    await vi.waitFor(() => expect(selectDiscountChecking(store.getState())).toBe(true));
    release();
    await vi.waitFor(() => expect(selectCheckout(store.getState()).discount).toEqual({ code: 'WELCOME10', percentage: 10 }));
    expect(selectDiscountChecking(store.getState())).toBe(false);
  });
});
