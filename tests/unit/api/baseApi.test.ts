import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TAG_TYPES } from '../../../src/api/baseApi';
import { assetUrl } from '../../../src/api/config';
import { errorMessage, normaliseFetchError } from '../../../src/api/errors';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { loggedIn } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { failWith, mswServer, networkError } from '../../utils/msw';

describe('base query', () => {
  it('declares every tag type the product needs', () => {
    expect([...TAG_TYPES].sort()).toEqual(
      ['Bundle', 'Cart', 'Conversation', 'Discount', 'Message', 'Order', 'Product', 'Settings', 'Unread', 'User', 'Wishlist', 'StaffConversation', 'StaffOrder', 'StaffDashboard', 'Review', 'MyReview', 'StaffReview', 'ShipBy', 'PrintQueue', 'PrintingSettings'].sort(),
    );
  });

  it('sends the token header only when the session has one', async () => {
    const seen: Array<string | null> = [];
    mswServer.use(
      http.get('*/api/settings', ({ request }) => {
        seen.push(request.headers.get('token'));
        return HttpResponse.json({ success: true, settings: { hiddenCategories: [], hiddenProductTags: [], showSupportInOrders: false, shopName: 'S', shopEmail: 'e@x.co' } });
      }),
    );
    const store = makeStore();
    await store.dispatch(catalogApi.endpoints.getSettings.initiate(undefined, { forceRefetch: true }));
    store.dispatch(loggedIn({ token: 'secret-token' }));
    await store.dispatch(catalogApi.endpoints.getSettings.initiate(undefined, { forceRefetch: true }));
    expect(seen).toEqual([null, 'secret-token']);
  });

  it('normalises a server failure to { status, message } with the server message', async () => {
    mswServer.use(failWith('/api/product/list', 'Catalog is resting', 503));
    const store = makeStore();
    const result = await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    expect(result.error).toEqual({ status: 503, message: 'Catalog is resting' });
  });

  it('treats a 200 with success:false as a failure', async () => {
    mswServer.use(http.get('*/api/product/list', () => HttpResponse.json({ success: false, message: 'Nope' })));
    const result = await makeStore().dispatch(catalogApi.endpoints.getProducts.initiate());
    expect(result.error).toEqual({ status: 200, message: 'Nope' });
  });

  it('normalises a network failure to the network error message', async () => {
    mswServer.use(networkError('/api/product/list'));
    const result = await makeStore().dispatch(catalogApi.endpoints.getProducts.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect((result.error as { message: string }).message).not.toMatch(/^TypeError/);
    expect((result.error as { message: string }).message.length).toBeGreaterThan(0);
  });

  it('maps the other fetchBaseQuery failures', () => {
    expect(normaliseFetchError({ status: 500, data: 'oops' })).toEqual({ status: 500, message: 'Request failed with status 500' });
    expect(normaliseFetchError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
    expect(normaliseFetchError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }).message).toMatch(/502/);
    expect(normaliseFetchError({ status: 'TIMEOUT_ERROR', error: 'AbortError: timed out' }).message).toBe('timed out');
    expect(errorMessage(undefined)).toBe('');
    expect(errorMessage({ message: 'boom' })).toBe('boom');
  });

  it('resolves asset paths and falls back to the placeholder', () => {
    expect(assetUrl('/img/p/1.svg?c=red')).toBe('/img/p/1.svg?c=red');
    expect(assetUrl(undefined)).toBe('/img/placeholder.svg');
    expect(assetUrl('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
  });
});
