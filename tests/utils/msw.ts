import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { bundles, products, settings } from '../fixtures/catalog';

/** Handlers for the four public endpoints of issue 2, answering the fixture data. */
export const catalogHandlers = [
  http.get('*/api/settings', () => HttpResponse.json({ success: true, settings })),
  http.get('*/api/product/list', () => HttpResponse.json({ success: true, products })),
  http.get('*/api/product/single/:id', ({ params }) => {
    const product = products.find((p) => p._id === params.id);
    return product
      ? HttpResponse.json({ success: true, product })
      : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
  }),
  http.get('*/api/bundle/list', () => HttpResponse.json({ success: true, bundles })),
];

/** One MSW server for the client project; unhandled requests fail the test (STYLE rule 11). */
export const mswServer = setupServer(...catalogHandlers);

/** The endpoint answers `{ success:false, message }` with the given status. */
export function failWith(path: string, message: string, status = 500) {
  return http.get(`*${path}`, () => HttpResponse.json({ success: false, message }, { status }));
}

/** The request fails at the network level (no response at all). */
export function networkError(path: string) {
  return http.get(`*${path}`, () => HttpResponse.error());
}
