import { baseApi } from '../../api/baseApi';
import type {
  Discount,
  DiscountValidateResponse,
  OrderQuote,
  OrderQuoteResponse,
  OrderRequest,
  OrderSessionResponse,
  VerifyPaymentResponse,
} from '../../domain/types';

/** What placing an order answers: a payment page to go to, or the server's new total to confirm. */
export type CreateSessionResult =
  | { kind: 'session'; sessionUrl: string; orderId: string; sessionId: string; amount: number }
  | { kind: 'totalChanged'; quote: OrderQuote; message: string }
  /** Fewer units were free than the cart held: nothing was charged, the lines were lowered. */
  | { kind: 'stockShort'; message: string; cart: Array<{ key: string; quantity: number }> };

/** Checkout calls of SPEC §7 (plus the order quote call). */
export const checkoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    validateDiscount: build.mutation<Discount, { code: string }>({
      query: (body) => ({ url: '/api/discounts/validate', method: 'POST', body }),
      transformResponse: (r: DiscountValidateResponse) => r.discount,
    }),
    /**
     * POST /api/order/stripe with the body's Idempotency-Key (the same body is the same order, issue
     * 17). A 409 means prices changed since the preview: the server's figures are fetched
     * (POST /api/order/quote) so the shopper can confirm the new total.
     */
    createOrderSession: build.mutation<CreateSessionResult, { request: OrderRequest; idempotencyKey: string }>({
      async queryFn({ request, idempotencyKey }, _api, _extra, baseQuery) {
        const placed = await baseQuery({ url: '/api/order/stripe', method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
        if (!placed.error) {
          const r = placed.data as OrderSessionResponse;
          return { data: { kind: 'session', sessionUrl: r.session_url, orderId: r.orderId, sessionId: r.sessionId, amount: r.amount } };
        }
        if (placed.error.status !== 409) return { error: placed.error };
        if (placed.error.cart) return { data: { kind: 'stockShort', message: placed.error.message, cart: placed.error.cart } };
        const quoted = await baseQuery({ url: '/api/order/quote', method: 'POST', body: { items: request.items, discountCode: request.discountCode } });
        if (quoted.error) return { error: quoted.error };
        return { data: { kind: 'totalChanged', quote: (quoted.data as OrderQuoteResponse).quote, message: placed.error.message } };
      },
    }),
    /** `success: false` in the body arrives as an error with status 200 (a reported failure). */
    verifyPayment: build.mutation<VerifyPaymentResponse, { success: boolean; sessionId: string; orderData: unknown }>({
      query: (body) => ({ url: '/api/order/verifyStripe', method: 'POST', body }),
      invalidatesTags: ['Order'],
    }),
  }),
});

/** The discount check runs under this key, so its progress is RTK Query's own (selectDiscountChecking). */
export const DISCOUNT_CHECK_KEY = 'checkout-discount';
