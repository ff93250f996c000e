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
  | { kind: 'totalChanged'; quote: OrderQuote; message: string };

/** Checkout calls of SPEC §7 (plus the quote and resume calls of issue 6). */
export const checkoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    validateDiscount: build.mutation<Discount, { code: string }>({
      query: (body) => ({ url: '/api/discounts/validate', method: 'POST', body }),
      transformResponse: (r: DiscountValidateResponse) => r.discount,
    }),
    /**
     * POST /api/order/stripe. A 409 means prices changed since the preview: the server's figures
     * are fetched (POST /api/order/quote) so the shopper can confirm the new total.
     */
    createOrderSession: build.mutation<CreateSessionResult, OrderRequest>({
      async queryFn(request, _api, _extra, baseQuery) {
        const placed = await baseQuery({ url: '/api/order/stripe', method: 'POST', body: request });
        if (!placed.error) {
          const r = placed.data as OrderSessionResponse;
          return { data: { kind: 'session', sessionUrl: r.session_url, orderId: r.orderId, sessionId: r.sessionId, amount: r.amount } };
        }
        if (placed.error.status !== 409) return { error: placed.error };
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
    /** For My Orders: pay a 'Payment Pending' order while its session is open. */
    resumePayment: build.mutation<OrderSessionResponse, { orderId: string }>({
      query: (body) => ({ url: '/api/order/resume-payment', method: 'POST', body }),
    }),
  }),
});

export const { useResumePaymentMutation } = checkoutApi;
