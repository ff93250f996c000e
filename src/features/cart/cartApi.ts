import { baseApi } from '../../api/baseApi';
import { clampQuantity } from '../../domain/cartLines';
import type { CartData } from '../../domain/types';
import { isServerKey } from './cartSync';

export interface CartLineBody {
  itemId: string;
  /** The variant (SPEC §7 names the field color). */
  color: string;
  quantity: number;
}

/** The server's cartData, keeping only well-formed lines (never bundles) with 1..99. */
function cleanServerCart(raw: unknown): CartData {
  const out: CartData = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [key, q] of Object.entries(raw as Record<string, unknown>)) {
    const quantity = typeof q === 'number' ? clampQuantity(q) : 0;
    if (quantity > 0 && isServerKey(key)) out[key] = quantity;
  }
  return out;
}

/**
 * SPEC §7 cart calls, used by cartListeners.ts only (the cart screens read the local slice).
 * `addCartLine` sends the change id as Idempotency-Key, so a retried add is applied once.
 */
export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartData, void>({
      query: () => ({ url: '/api/cart/get', method: 'POST' }),
      transformResponse: (r: { cartData?: unknown }) => cleanServerCart(r?.cartData),
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    addCartLine: build.mutation<void, CartLineBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: '/api/cart/add', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: () => undefined,
    }),
    updateCartLine: build.mutation<void, CartLineBody>({
      query: (body) => ({ url: '/api/cart/update', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
  }),
});
