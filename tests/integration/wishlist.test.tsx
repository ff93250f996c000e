import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { Product } from '../../src/domain/types';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { WISHLIST_TOGGLE_ERROR } from '../../src/features/wishlist/wishlistApi';
import { makeProduct, products as fixtureProducts } from '../fixtures/catalog';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

const many: Product[] = Array.from({ length: 14 }, (_, i) =>
  makeProduct({ _id: `w${i + 1}`, name: i < 3 ? `Dragon Spinner ${i + 1}` : `Desk Lamp ${i + 1}` }),
);

function withProducts(list: Product[]) {
  mswServer.use(http.get('*/api/product/list', () => HttpResponse.json({ success: true, products: list })));
}

const grid = (timeout = 5000) => screen.findByRole('list', { name: 'Wishlist products' }, { timeout });
const cards = async () => within(await grid()).getAllByRole('listitem');
const heading = () => screen.findByRole('heading', { level: 1, name: /Your Wishlist/ }, { timeout: 5000 });

// The lazy screen is loaded once up front, so no story's first wait pays for its import.
beforeAll(async () => {
  await import('../../src/app/pages/Wishlist');
}, 60_000);

// Lazy screens and a busy machine: give each story room.
describe('/wishlist', { timeout: 20_000 }, () => {
  it('shows the breadcrumb, the title with the count and the wishlisted products', async () => {
    renderWithProviders(<Layout />, { route: '/wishlist', preloadedState: { wishlist: { ids: ['b3', 'gone', 'b1'] } } });
    await grid();
    expect(await heading()).toHaveTextContent('Your Wishlist (2)');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Wishlist')).toBeInTheDocument();
    expect((await cards()).map((c) => within(c).getByRole('heading').textContent)).toEqual(['Dragon Fidget Spinner', 'Hero Bust']);
    expect(screen.queryByRole('navigation', { name: 'Wishlist pages' })).not.toBeInTheDocument();
    // 'gone' was deleted by the shop (the server answers 404): it leaves the wishlist, with a notice.
    expect(await screen.findByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();
    expect(await screen.findByText('Some items are no longer available and were removed from your wishlist.')).toBeInTheDocument();
  });

  it('searches names case-insensitively and says when nothing matches', async () => {
    renderWithProviders(<Layout />, { route: '/wishlist', preloadedState: { wishlist: { ids: fixtureProducts.map((p) => p._id) } } });
    await grid();
    const search = screen.getByPlaceholderText('Search your wishlist...');
    fireEvent.change(search, { target: { value: 'hERO' } });
    expect((await cards()).length).toBe(1);
    fireEvent.change(search, { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No matching products found.')).toBeInTheDocument();
  });

  it('pages by 12 only when needed and returns to page 1 when the filtered count changes', async () => {
    withProducts(many);
    const { user } = renderWithProviders(<Layout />, { route: '/wishlist', preloadedState: { wishlist: { ids: many.map((p) => p._id) } } });
    expect((await cards()).length).toBe(12);
    const pages = screen.getByRole('navigation', { name: 'Wishlist pages' });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect((await cards()).length).toBe(2);
    expect(within(pages).getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');

    fireEvent.change(screen.getByPlaceholderText('Search your wishlist...'), { target: { value: 'lamp' } });
    expect((await cards()).length).toBe(11);
    expect(screen.queryByRole('navigation', { name: 'Wishlist pages' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search your wishlist...'), { target: { value: '' } });
    expect((await cards()).length).toBe(12);
    expect(within(screen.getByRole('navigation', { name: 'Wishlist pages' })).getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the empty state with a way back to the store', async () => {
    renderWithProviders(<Layout />, { route: '/wishlist' });
    expect(await screen.findByText('Your wishlist is empty', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Click the heart icon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/collection');
  });

  it('for a logged-in shopper shows the server list; a failed removal puts the heart back with a toast', async () => {
    let lists = 0;
    mswServer.use(
      http.post('*/api/wishlist/list', () => {
        lists += 1;
        return HttpResponse.json({ success: true, wishlist: [{ _id: 'b1' }, 'b2'] });
      }),
      http.post('*/api/wishlist/remove', async () => {
        await delay(500);
        return HttpResponse.json({ success: false, message: 'Server down' }, { status: 500 });
      }),
    );
    const { user } = renderWithProviders(<Layout />, {
      route: '/wishlist',
      preloadedState: {
        session: { ...initialSessionState, status: 'authenticated', token: 'tok' },
        wishlist: { ids: ['b3'] },
      },
    });
    await grid();
    expect(await heading()).toHaveTextContent('Your Wishlist (2)');
    expect(await screen.findByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Hero Bust from wishlist' }));
    // Optimistic: gone at once, header count too…
    await waitFor(() => expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument());
    // …then back, with a toast, once the server refuses.
    expect(await screen.findByText(WISHLIST_TOGGLE_ERROR)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove Hero Bust from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(lists).toBe(2)); // re-synced from the server
  });
});
