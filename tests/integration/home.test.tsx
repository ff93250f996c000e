import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { failWith, mswServer, networkError } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

function renderHome() {
  return renderWithProviders(<Layout />, { route: '/' });
}

describe('Home page', () => {
  it('shows the hero with a way into the store', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: /playful things/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /shop the store/i })).toHaveAttribute('href', '/collection');
    expect(screen.getByRole('img', { name: /3D printer/i })).toBeInTheDocument();
  });

  it('shows only the bundles active now, each linking to its page', async () => {
    renderHome();
    const carousel = await screen.findByRole('region', { name: /limited-time bundles/i });
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(2);
    expect(within(carousel).getByRole('link', { name: 'Desk Buddies Set' })).toHaveAttribute('href', '/bundle/bn-active-1');
    expect(within(carousel).getByText('$49.50')).toBeInTheDocument();
    expect(within(carousel).getAllByText('Limited-Time Offer')).toHaveLength(2);
    for (const gone of ['Spring Sale Pack', 'Holiday Mega Box', 'Cancelled Crate']) {
      expect(screen.queryByText(gone)).not.toBeInTheDocument();
    }
    expect(document.getElementById('bundles')).toContainElement(carousel);
  });

  it('shows five best sellers, newest first, with prices and badges', async () => {
    renderHome();
    const list = await screen.findByRole('list', { name: 'Best sellers' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(5);
    const names = cards.map((c) => within(c).getByRole('heading').textContent);
    expect(names).toEqual(['Hero Bust', 'Cable Turtle', 'Dragon Fidget Spinner', 'Pocket Cube', 'Moon Lamp']);
    expect(within(list).getByRole('link', { name: 'Hero Bust' })).toHaveAttribute('href', '/product/b1');

    // Sale price, list price and the rounded badge on the discounted card.
    const hero = cards[0];
    expect(within(hero).getByText('$30.00')).toBeInTheDocument();
    expect(within(hero).getByText('$40.00')).toBeInTheDocument();
    expect(within(hero).getByText('-30%')).toBeInTheDocument();
    expect(within(cards[4]).getByText('Out of Stock')).toBeInTheDocument();

    // Images are sized (no layout shift); the first ones load eagerly.
    const images = within(list).getAllByRole('img');
    expect(images[0]).toHaveAttribute('width', '480');
    expect(images[0]).toHaveAttribute('height', '480');
    // Below the hero and the bundles at every width: all lazy (checked in the browser sweep).
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[4]).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('Vault Keeper')).not.toBeInTheDocument();
    expect(screen.queryByText('Future Toy')).not.toBeInTheDocument();
  });

  it('says it is loading while the product list is on its way', async () => {
    mswServer.use(
      http.get('*/api/product/list', async () => {
        await delay('infinite');
      }),
    );
    renderHome();
    expect(await screen.findByText('Loading best sellers…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Best sellers' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the product list fails, and can retry", async () => {
    mswServer.use(failWith('/api/product/list', 'The catalog is being restocked', 503));
    const { user } = renderHome();
    expect(await screen.findByText('The catalog is being restocked')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Best sellers' })).not.toBeInTheDocument();

    mswServer.resetHandlers();
    const alert = screen.getByText('The catalog is being restocked').closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Best sellers' })).toBeInTheDocument();
  });

  it('shows the network error message when the server cannot be reached', async () => {
    mswServer.use(networkError('/api/product/list'), networkError('/api/bundle/list'));
    renderHome();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) {
      expect(alert.textContent).toMatch(/fetch/i);
    }
  });

  it('shows the server message when bundles fail', async () => {
    mswServer.use(failWith('/api/bundle/list', 'Bundles are taking a nap'));
    renderHome();
    expect(await screen.findByText('Bundles are taking a nap')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Best sellers' })).toBeInTheDocument();
  });

  it('adds a best seller to the wishlist from its heart', async () => {
    const { user, store } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Add Hero Bust to wishlist' }));
    expect(store.getState().wishlist.ids).toEqual(['b1']);
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });
});
