import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { bundles, products, settings } from '../fixtures/catalog';

/** Handlers for the four public catalog endpoints, answering the fixture data. */
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
  // Every product page asks for its reviews: none, unless a test says otherwise.
  http.get('*/api/reviews/product/:id', () =>
    HttpResponse.json({ success: true, summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] }, reviews: [], page: 1, pages: 1, total: 0 }),
  ),
  // Every product page, cart and checkout asks when things ship: made to order, by a fixed day.
  http.get('*/api/ship-by/:id', () => HttpResponse.json({ success: true, shipBy: { today: '2026-12-01', range: 'Ships by Thu, Dec 3', options: {} } })),
  http.post('*/api/ship-by/lines', async ({ request }) => {
    const { lines } = (await request.json()) as { lines: unknown[] };
    const line = { plan: { kind: 'made-to-order', date: '2026-12-03' }, text: 'Made to order — ships by Thu, Dec 3' };
    return HttpResponse.json({ success: true, today: '2026-12-01', lines: lines.map(() => line), orderDate: '2026-12-03', orderText: 'Ships by Thu, Dec 3' });
  }),
  // The staff order page's printing line: nothing to print.
  http.get('*/api/staff/orders/:id/print', () => HttpResponse.json({ success: true, print: { jobs: 0, passed: 0, readyToShip: true, shipBy: null, lateUntil: null } })),
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
