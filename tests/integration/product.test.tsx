import { fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { Product } from '../../src/domain/types';
import { makeProduct } from '../fixtures/catalog';
import { mswServer, networkError } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

const knight = makeProduct({
  _id: 'knight',
  name: 'Nebula Knight',
  description: 'A wandering star knight.',
  price: 60,
  discount: 25,
  mainCategory: 'Figures',
  subCategory: 'STARWARS',
  image: ['/img/p/knight-1.svg', '/img/p/knight-2.svg', '/img/p/knight-3.svg'],
  colorVariants: [
    { color: 'Navy', image: '/img/p/knight-1.svg' },
    { color: 'Silver', image: '/img/p/knight-silver.svg' },
  ],
  clothingSizes: ['S', 'M', 'L'],
  hasAccessory: true,
  accessories: [
    { name: 'Weapon Pack', price: 7.99, images: ['/img/p/acc-1.svg'], description: 'Two blades.', isNew: true },
    { name: 'Battle Head', price: 5.99, images: ['/img/p/acc-2.svg'], description: 'Alternate head.', outOfStock: true },
    { name: 'Collector Crate', price: 19.99, images: [], description: 'Later.', notAvailableYet: true },
  ],
});
const plain = makeProduct({ _id: 'plain', name: 'Plain Planter', mainCategory: 'Decoration', subCategory: 'Home_Decor' });
const sold = makeProduct({ _id: 'sold', name: 'Sold Out Statue', outOfStock: true, colorVariants: [{ color: 'Red', image: '' }] });
const wall = makeProduct({ _id: 'wall', name: 'Mountain Relief', mainCategory: 'Decoration', subCategory: 'Wall_Art', canvasSizes: ['8x10', '12x16'] });
const others: Product[] = [
  makeProduct({ _id: 'sw1', name: 'Rebel Pilot', subCategory: 'STARWARS' }),
  makeProduct({ _id: 'swOut', name: 'Gone Droid', subCategory: 'STARWARS', outOfStock: true }),
  makeProduct({ _id: 'mv1', name: 'Iron Sentinel', subCategory: 'MARVEL' }),
  makeProduct({ _id: 'mv2', name: 'Scarlet Hex', subCategory: 'MARVEL' }),
  makeProduct({ _id: 'mv3', name: 'Web Crawler', subCategory: 'MARVEL' }),
];
const all = [knight, plain, sold, wall, ...others];

function serve(products: Product[] = all) {
  mswServer.use(
    http.get('*/api/product/list', () => HttpResponse.json({ success: true, products })),
    http.get('*/api/product/single/:id', ({ params }) => {
      const product = products.find((p) => p._id === params.id);
      return product ? HttpResponse.json({ success: true, product }) : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
    }),
  );
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{JSON.stringify({ path: l.pathname, state: l.state ?? null })}</output>;
}
const where = () => JSON.parse(screen.getByTestId('where').textContent ?? '{}') as { path: string; state: unknown };

function renderProduct(id = 'knight') {
  return renderWithProviders(
    <>
      <Layout />
      <Where />
    </>,
    { route: `/product/${id}` },
  );
}

const title = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const details = () => screen.getByRole('heading', { level: 1 }).closest('div')!.parentElement!.parentElement! as HTMLElement;
const alertText = () => screen.getByRole('alert').textContent;

describe('Product page', { timeout: 30_000 }, () => {
  it("says 'Loading product details...' while loading", async () => {
    mswServer.use(http.get('*/api/product/single/:id', () => delay('infinite')));
    renderProduct();
    // The first render also loads the lazy page chunk: allow it more than the default second.
    expect(await screen.findByText('Loading product details...', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows name, prices, badge, description and a gallery with sized images', async () => {
    serve();
    renderProduct();
    await title('Nebula Knight');
    expect(screen.getByText('$45.00')).toBeInTheDocument();
    expect(screen.getByText('$60.00')).toBeInTheDocument();
    expect(screen.getAllByText('-30%').length).toBeGreaterThan(0);
    expect(screen.getByText('A wandering star knight.')).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Product images' });
    const main = within(gallery).getByRole('img', { name: 'Nebula Knight' });
    expect(main).toHaveAttribute('width', '480');
    expect(main).toHaveAttribute('height', '480');
    // 3 product images + the Silver variant's own image.
    expect(within(gallery).getAllByRole('button', { name: /Show image \d of 4/ })).toHaveLength(4);
  });

  it('switches images with the thumbnails, by click and by arrow keys', async () => {
    serve();
    const { user } = renderProduct();
    await title('Nebula Knight');
    const gallery = screen.getByRole('region', { name: 'Product images' });
    const mainSrc = () => within(gallery).getByRole('img', { name: /Nebula Knight/ }).getAttribute('src');
    await user.click(within(gallery).getByRole('button', { name: 'Show image 2 of 4' }));
    expect(mainSrc()).toContain('/img/p/knight-2-');
    expect(within(gallery).getByRole('button', { name: 'Show image 2 of 4' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowRight}');
    expect(mainSrc()).toContain('/img/p/knight-3-');
    expect(within(gallery).getByRole('button', { name: 'Show image 3 of 4' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(mainSrc()).toContain('/img/p/knight-1-');
  });

  it('switches the gallery to the picked colour', async () => {
    serve();
    const { user } = renderProduct();
    await title('Nebula Knight');
    await user.click(screen.getByRole('button', { name: 'Silver' }));
    expect(screen.getByRole('button', { name: 'Silver' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Color: Silver')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nebula Knight in Silver' }).getAttribute('src')).toContain('/img/p/knight-silver-');
  });

  it('asks for a colour, then a size, before adding to the cart', async () => {
    serve();
    const { user, store } = renderProduct();
    await title('Nebula Knight');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(alertText()).toBe('Please select a color before adding to cart.');
    await user.click(screen.getByRole('button', { name: 'Navy' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(alertText()).toBe('Please select a size before adding to cart.');
    expect(store.getState().cart.items).toEqual({});
  });

  it('adds the line, opens the dialog and updates the header count', async () => {
    serve();
    const { user, store } = renderProduct();
    await title('Nebula Knight');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Navy' }));
    await user.click(screen.getByRole('button', { name: 'M' }));
    const qty = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(store.getState().cart.items).toEqual({ 'knight_Navy|M': 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(within(dialog).getByText('Nebula Knight')).toBeInTheDocument();
    expect(within(dialog).getByText('Color: Navy · Size: M')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity: 2 · $45.00 each')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    // Focus moves into the dialog and stays there (MUI's focus trap).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('link', { name: 'Cart, 2 items', hidden: true })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const again = await screen.findByRole('dialog', { name: 'Added to cart' });
    await user.click(within(again).getByRole('button', { name: 'Continue shopping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().cart.items).toEqual({ 'knight_Navy|M': 4 });
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
  });

  it('adds a product without options as `id_|`', async () => {
    serve();
    const { user, store } = renderProduct('plain');
    await title('Plain Planter');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual({ 'plain_|': 1 });
  });

  it('needs a canvas size for wall art', async () => {
    serve();
    const { user, store } = renderProduct('wall');
    await title('Mountain Relief');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(alertText()).toBe('Please select a size before adding to cart.');
    await user.click(screen.getByRole('button', { name: '12x16' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual({ 'wall_|12x16': 1 });
  });

  it('refuses an out-of-stock product', async () => {
    serve();
    const { user, store } = renderProduct('sold');
    await title('Sold Out Statue');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(alertText()).toBe('This product is currently out of stock.');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(alertText()).toBe('This product is currently out of stock.');
    expect(store.getState().cart.items).toEqual({});
    expect(where().path).toBe('/product/sold');
  });

  it("Buy now needs a quantity of at least 1: 'Please enter a valid quantity'", async () => {
    serve();
    const { user } = renderProduct('plain');
    await title('Plain Planter');
    const qty = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(qty, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(alertText()).toBe('Please enter a valid quantity');
    fireEvent.change(qty, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(alertText()).toBe('Please enter a valid quantity');
    expect(where().path).toBe('/product/plain');
  });

  it('Buy now goes to /place-order with the item in navigation state', async () => {
    serve();
    const { user, store } = renderProduct();
    await title('Nebula Knight');
    await user.click(screen.getByRole('button', { name: 'Silver' }));
    await user.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(where().path).toBe('/place-order'));
    expect(where().state).toEqual({ productId: 'knight', variant: 'Silver|L', quantity: 3 });
    expect(store.getState().cart.items).toEqual({});
  });

  it('lists accessories with their own flags and adds them as accessory-<index>', async () => {
    serve();
    const { user, store } = renderProduct();
    await title('Nebula Knight');
    const list = screen.getByRole('list', { name: 'Accessories' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).queryByText('Collector Crate')).not.toBeInTheDocument();
    expect(within(list).getByText('New')).toBeInTheDocument();
    expect(within(list).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Add Weapon Pack to cart' }));
    expect(store.getState().cart.items).toEqual({ 'knight_accessory-0': 1 });
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(within(dialog).getByText('Weapon Pack')).toBeInTheDocument();
  });

  it('suggests at most 4 related products: same subcategory first, never itself or unavailable', async () => {
    serve();
    renderProduct();
    await title('Nebula Knight');
    const related = await screen.findByRole('list', { name: 'Related products' });
    const names = within(related).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(names).toEqual(['Rebel Pilot', 'Iron Sentinel', 'Scarlet Hex', 'Web Crawler']);
    expect(within(related).getByRole('link', { name: 'Rebel Pilot' })).toHaveAttribute('href', '/product/sw1');
  });

  it("says 'Product not found.' for an unknown id, then goes to /collection", async () => {
    serve();
    renderProduct('nope');
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    await waitFor(() => expect(where().path).toBe('/collection'), { timeout: 4000 });
  });

  it('treats a failed fetch as not found and goes to /collection', async () => {
    serve();
    mswServer.use(networkError('/api/product/single/knight'));
    renderProduct();
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    await waitFor(() => expect(where().path).toBe('/collection'), { timeout: 4000 });
  });

  it('shows a vaulted product greyed, and refuses it', async () => {
    serve([makeProduct({ _id: 'v', name: 'Vault Keeper', vaulted: true })]);
    const { user, store } = renderProduct('v');
    await title('Vault Keeper');
    expect(screen.getByText('Vaulted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(alertText()).toBe('This product is no longer available.');
    expect(store.getState().cart.items).toEqual({});
    expect(details()).toBeTruthy();
  });
});
