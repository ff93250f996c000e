import { screen, waitFor, within, configure } from '@testing-library/react';
import { delay, http } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { formatDate } from '../../src/components/formatDate';
import { bundles } from '../fixtures/catalog';
import { failWith, mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function renderBundle(id: string) {
  return renderWithProviders(
    <>
      <Layout />
      <Where />
    </>,
    { route: `/bundle/${id}` },
  );
}

describe('Bundle page', { timeout: 30_000 }, () => {
  it("shows 'Loading...' until the bundles arrive", async () => {
    mswServer.use(http.get('*/api/bundle/list', () => delay('infinite')));
    renderBundle('bn-active-1');
    expect(await screen.findByText('Loading...', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'BUNDLE DETAILS' })).toBeInTheDocument();
  });

  it('shows an active bundle: back link, gallery, title, price, offer dates', async () => {
    renderBundle('bn-active-1');
    expect(await screen.findByRole('heading', { name: 'Desk Buddies Set' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'BUNDLE DETAILS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to bundles' })).toHaveAttribute('href', '/#bundles');
    expect(screen.getByText('$49.50')).toBeInTheDocument();
    expect(screen.getByText('Three desk friends.')).toBeInTheDocument();
    expect(screen.getByText('Limited-Time Offer')).toBeInTheDocument();
    const b = bundles[0];
    expect(screen.getByText(`Starts ${formatDate(b.startDate)} · Ends ${formatDate(b.endDate)}`)).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Bundle images' });
    const img = within(gallery).getByRole('img', { name: 'Desk Buddies Set' });
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '450');
  });

  it("lists What's Inside This Bundle, linking to each product, and a suggestion", async () => {
    renderBundle('bn-active-1');
    expect(await screen.findByRole('heading', { name: "What's Inside This Bundle" })).toBeInTheDocument();
    const inside = await screen.findByRole('list', { name: 'Products in this bundle' });
    expect(within(inside).getByRole('link', { name: 'Hero Bust' })).toHaveAttribute('href', '/product/b1');
    expect(within(inside).getByRole('link', { name: 'Cable Turtle' })).toHaveAttribute('href', '/product/b2');
    // Suggestions follow the first product (Figures / MARVEL), never the bundle's own products.
    const related = await screen.findByRole('list', { name: 'Related products' });
    const names = within(related).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(names[0]).toBe('Old Favourite');
    expect(names).not.toContain('Hero Bust');
    expect(names).not.toContain('Cable Turtle');
    expect(names.length).toBeLessThanOrEqual(4);
  });

  it('adds quantity 1 of type bundle and goes to /cart', async () => {
    const { user, store } = renderBundle('bn-active-2');
    await user.click(await screen.findByRole('button', { name: 'Add Bundle to Cart' }));
    expect(store.getState().cart.items).toEqual({ 'bn-active-2_bundle': 1 });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cart'));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it.each([
    ['expired', 'bn-expired'],
    ['not started', 'bn-future'],
    ['cancelled', 'bn-cancelled'],
    ['unknown', 'nope'],
  ])('says an %s bundle is no longer available, with a way to the store', async (_label, id) => {
    renderBundle(id);
    expect(await screen.findByText('This bundle is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute('href', '/collection');
    expect(screen.queryByRole('button', { name: 'Add Bundle to Cart' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the bundle list fails", async () => {
    mswServer.use(failWith('/api/bundle/list', 'Bundles are taking a nap'));
    renderBundle('bn-active-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bundles are taking a nap');
  });
});
