import { act, fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { Product } from '../../src/domain/types';
import { NOW, makeProduct, settings } from '../fixtures/catalog';
import { failWith, mswServer, networkError } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

const DAY = 86_400_000;

/** 30 listed products (16 figures, 8 fidgets, 6 decoration) plus one vaulted and one notAvailableYet. */
const catalog: Product[] = [
  ...Array.from({ length: 16 }, (_, i) =>
    makeProduct({
      _id: `fig${i}`,
      name: `${i % 2 ? 'Marvel' : 'DC'} Hero ${i}`,
      subCategory: i % 2 ? 'MARVEL' : 'DC',
      subSubCategory: i % 3 ? 'Male' : 'Female',
      price: 20 + i,
      colorVariants: [{ color: i % 4 ? 'Red' : 'Gold', image: `/img/p/fig${i}.svg` }],
      date: NOW - i * DAY,
    }),
  ),
  ...Array.from({ length: 8 }, (_, i) =>
    makeProduct({
      _id: `fid${i}`,
      name: `Spinner ${i}`,
      mainCategory: 'Fidgets',
      subCategory: i % 2 ? 'Stress_Balls' : 'Fidget_Spinners',
      description: i === 3 ? 'A quiet dragon that spins.' : 'Spins for minutes.',
      price: 8 + i,
      discount: i === 0 ? 50 : 0,
      date: NOW - (20 + i) * DAY,
    }),
  ),
  ...Array.from({ length: 6 }, (_, i) =>
    makeProduct({ _id: `dec${i}`, name: `Vase ${i}`, mainCategory: 'Decoration', subCategory: 'Home_Decor', price: 100 + i * 20, date: NOW - (40 + i) * DAY }),
  ),
  makeProduct({ _id: 'vault', name: 'Vault Keeper', mainCategory: 'Decoration', subCategory: 'Wall_Art', vaulted: true, date: NOW - 200 * DAY }),
  makeProduct({ _id: 'future', name: 'Future Toy', notAvailableYet: true }),
];

function serveCatalog(products: Product[] = catalog, overrides: Partial<typeof settings> = {}) {
  mswServer.use(
    http.get('*/api/product/list', () => HttpResponse.json({ success: true, products })),
    http.get('*/api/settings', () => HttpResponse.json({ success: true, settings: { ...settings, ...overrides } })),
  );
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}
/** The router's url: a move within the store reaches the address bar once the grid is painted (afterNextPaint). */
const where = async () => {
  await act(() => new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))));
  return screen.getByTestId('where').textContent ?? '';
};
const params = async () => new URLSearchParams((await where()).split('?')[1] ?? '');

function renderStore(route = '/collection') {
  return renderWithProviders(
    <>
      <Layout />
      <Where />
    </>,
    { route },
  );
}

const productList = () => screen.findByRole('list', { name: 'Products' }, { timeout: 10_000 });
const cardNames = (list: HTMLElement) => within(list).getAllByRole('article').map((c) => within(c).getByRole('heading').textContent);

describe('Store page (/collection)', { timeout: 30_000 }, () => {
  it('says it is loading while the product list is on its way', async () => {
    mswServer.use(http.get('*/api/product/list', () => delay('infinite')));
    renderStore();
    expect(await screen.findByText('Loading products…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All products' })).toBeInTheDocument();
  });

  it('shows the first 12 products in the featured order, never notAvailableYet', async () => {
    serveCatalog();
    renderStore();
    const list = await productList();
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Showing 1–12 of 31 products')).toBeInTheDocument();
    expect(cardNames(list)[0]).toBe('DC Hero 0'); // newest
    expect(screen.queryByText('Future Toy')).not.toBeInTheDocument();
    const images = within(list).getAllByRole('img');
    expect(images[0]).toHaveAttribute('width', '480');
    expect(images[0]).toHaveAttribute('height', '480');
  });

  it('greys out vaulted products and gives them no link', async () => {
    serveCatalog();
    renderStore('/collection?category=Decoration');
    const list = await productList();
    const vault = within(list).getByText('Vault Keeper').closest('article')!;
    expect(vault).toHaveAttribute('aria-disabled', 'true');
    expect(within(vault).queryByRole('link')).not.toBeInTheDocument();
    expect(within(vault).getByText('Vaulted')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Vase 0' })).toHaveAttribute('href', '/product/dec0');
  });

  it("shows the server's message when the list fails, and retries", async () => {
    mswServer.use(failWith('/api/product/list', 'The catalog is being restocked', 503));
    const { user } = renderStore();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalog is being restocked');
    serveCatalog();
    await user.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await productList()).toBeInTheDocument();
  });

  it('shows the network error message', async () => {
    mswServer.use(networkError('/api/product/list'));
    renderStore();
    expect(await screen.findByRole('alert')).toHaveTextContent(/fetch/i);
  });

  it('switches category with the tabs and keeps it in the url', async () => {
    serveCatalog();
    const { user } = renderStore();
    await productList();
    await user.click(screen.getByRole('tab', { name: 'Fidgets' }));
    expect((await params()).get('category')).toBe('Fidgets');
    expect(screen.getByRole('heading', { level: 1, name: 'Fidgets' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–8 of 8 products')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fidgets' })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters Figures by brand (url `brand`) and figure line, showing readable names', async () => {
    serveCatalog();
    const { user } = renderStore('/collection?category=Figures');
    await productList();
    const aside = screen.getByRole('complementary');
    // The panel is a chunk of its own (StoreFilters), loaded beside the page.
    expect(await within(aside).findByRole('checkbox', { name: 'Star Wars' })).toBeInTheDocument();
    await user.click(within(aside).getByRole('checkbox', { name: 'Marvel' }));
    expect((await params()).getAll('brand')).toEqual(['MARVEL']);
    expect(screen.getByText('Showing 1–8 of 8 products')).toBeInTheDocument();
    await user.click(within(aside).getByRole('checkbox', { name: 'Female' }));
    expect((await params()).getAll('subSubCategory')).toEqual(['Female']);
    const list = await productList();
    expect(cardNames(list)).toEqual(['Marvel Hero 3', 'Marvel Hero 9', 'Marvel Hero 15']);
  });

  it('uses `subCategory` for other categories and filters by colour and more options', async () => {
    serveCatalog();
    const { user } = renderStore('/collection?category=Fidgets');
    await productList();
    const aside = screen.getByRole('complementary');
    await user.click(await within(aside).findByRole('checkbox', { name: 'Fidget Spinners' }));
    expect((await params()).getAll('subCategory')).toEqual(['Fidget_Spinners']);
    await user.click(within(aside).getByRole('checkbox', { name: 'On sale' }));
    expect((await params()).getAll('options')).toEqual(['sale']);
    expect(cardNames(await productList())).toEqual(['Spinner 0']);
  });

  it('moves the price slider and filters by sale price (150 = no limit)', async () => {
    serveCatalog();
    renderStore('/collection?category=Decoration');
    await productList();
    expect(screen.getByText('Showing 1–7 of 7 products')).toBeInTheDocument();
    const slider = await within(screen.getByRole('complementary')).findByRole('slider', { name: 'Maximum price' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Any price');
    act(() => slider.focus());
    for (let i = 0; i < 6; i++) fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    await waitFor(async () => expect((await params()).get('priceRange')).toBe('120'));
    expect(screen.getByText('Showing 1–3 of 3 products')).toBeInTheDocument();
    expect(screen.getAllByText('Up to $120.00').length).toBeGreaterThan(0);
  });

  it('searches name and description as you type', async () => {
    serveCatalog();
    const { user } = renderStore();
    await productList();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'DRAGON');
    expect((await params()).get('q')).toBe('DRAGON');
    expect(cardNames(await productList())).toEqual(['Spinner 3']);
  });

  it('sorts by the picked order', async () => {
    serveCatalog();
    const { user } = renderStore('/collection?category=Fidgets');
    await productList();
    // A native select: the browser's own list, with every order as an option.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Featured', 'Price: low to high', 'Price: high to low', 'Newest', 'Name: A–Z', 'Top rated']);
    await user.selectOptions(sort, 'Price: high to low');
    expect((await params()).get('sort')).toBe('price-desc');
    expect(cardNames(await productList()).slice(0, 2)).toEqual(['Spinner 7', 'Spinner 6']);
  });

  it('pages by 12, and a filter change goes back to page 1', async () => {
    serveCatalog();
    const { user } = renderStore();
    await productList();
    // The page links load on their own, just after the grid.
    // Real links, so a click before the app has taken over the server's page loads that page.
    const page2 = await screen.findByRole('link', { name: 'Go to page 2' });
    expect(page2).toHaveAttribute('href', '/collection?page=2');
    await user.click(page2);
    expect((await params()).get('page')).toBe('2');
    expect(screen.getByText('Showing 13–24 of 31 products')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(screen.getByText('Showing 25–31 of 31 products')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Figures' }));
    expect((await params()).get('page')).toBeNull();
    expect(screen.getByText('Showing 1–12 of 16 products')).toBeInTheDocument();
  });

  it('restores the view from a link and ignores bad values', async () => {
    serveCatalog();
    renderStore('/collection?category=Figures&brand=MARVEL&brand=NOPE&priceRange=zzz&sort=bogus&page=99&section=sale&q=');
    expect(await screen.findByText('No products match your filters.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'On sale' })).toBeInTheDocument();
  });

  it('shows an empty state with a way to clear the filters', async () => {
    serveCatalog();
    const { user } = renderStore('/collection?q=unicorn');
    expect(await screen.findByText('No products match your filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await where()).toBe('/collection');
    expect(await productList()).toBeInTheDocument();
  });

  it('shows an empty store when there are no products at all', async () => {
    serveCatalog([]);
    renderStore();
    expect(await screen.findByText('No products match your filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('hides categories and tags the settings hide', async () => {
    serveCatalog(catalog, { hiddenCategories: ['Decoration'], hiddenProductTags: ['sale'] });
    renderStore();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Decoration' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Showing 1–12 of 23 products')).toBeInTheDocument());
  });

  it('filters from the mobile drawer', async () => {
    serveCatalog();
    const { user } = renderStore('/collection?category=Figures');
    await productList();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('checkbox', { name: 'DC' }));
    expect((await params()).getAll('brand')).toEqual(['DC']);
    await user.click(within(drawer).getByRole('button', { name: 'Show 8 results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toggles the wishlist heart on a card', async () => {
    serveCatalog();
    const { user, store } = renderStore();
    await productList();
    await user.click(screen.getByRole('button', { name: 'Add DC Hero 0 to wishlist' }));
    expect(store.getState().wishlist.ids).toEqual(['fig0']);
  });

  it('shows stars on cards; "Top rated" and "4 stars & up" live in the url and can be cleared', async () => {
    const rated = [
      makeProduct({ _id: 'r1', name: 'Loved Dragon', rating: 4.8, reviewCount: 25, date: NOW - 3 * DAY }),
      makeProduct({ _id: 'r2', name: 'Okay Robot', rating: 3.4, reviewCount: 9, date: NOW - 2 * DAY }),
      makeProduct({ _id: 'r3', name: 'Quiet Newcomer', date: NOW - 1 * DAY }),
      makeProduct({ _id: 'r4', name: 'Solid Knight', rating: 4.1, reviewCount: 3, date: NOW }),
    ];
    serveCatalog(rated);
    const { user } = renderStore();
    const list = await productList();
    expect(within(list).getByRole('img', { name: '4.8 out of 5 stars from 25 reviews' })).toBeInTheDocument();
    expect(within(list).getAllByRole('img', { name: /out of 5 stars/ })).toHaveLength(3);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Top rated');
    await waitFor(async () => expect((await params()).get('sort')).toBe('top-rated'));
    expect(cardNames(await productList())).toEqual(['Loved Dragon', 'Solid Knight', 'Okay Robot', 'Quiet Newcomer']);

    await user.click(screen.getAllByRole('checkbox', { name: '4 stars & up' })[0]);
    await waitFor(async () => expect((await params()).get('rating')).toBe('4'));
    expect(cardNames(await productList())).toEqual(['Loved Dragon', 'Solid Knight']);
    // Its chip above the grid says so; unticking the box clears it.
    expect(screen.getByRole('button', { name: '4 stars & up' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox', { name: '4 stars & up' })[0]);
    await waitFor(async () => expect((await params()).get('rating')).toBeNull());
    expect(cardNames(await productList())).toHaveLength(4);
  });
});
