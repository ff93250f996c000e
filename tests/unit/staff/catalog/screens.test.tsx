import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { staffCatalogRoutes } from '../../../../src/features/staff/catalog/routes';
import { products } from '../../../fixtures/catalog';
import { mswServer } from '../../../utils/msw';
import { renderWithProviders } from '../../../utils/renderWithProviders';

/** A test-only frame: the catalog routes below /staff, as the console renders them. */
function Frame() {
  return useRoutes([{ path: '/staff/*', element: <Routes /> }]);
}
function Routes() {
  return useRoutes(staffCatalogRoutes);
}

const staffApi = [
  http.get('*/api/staff/products', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = params.get('q')?.toLowerCase() ?? '';
    const flag = params.get('flag') as keyof (typeof products)[number] | null;
    const category = params.get('category');
    return HttpResponse.json({
      success: true,
      products: products.filter((p) => p.name.toLowerCase().includes(q) && (!flag || p[flag] === true) && (!category || [p.mainCategory, p.subCategory].includes(category))),
    });
  }),
  http.get('*/api/staff/audit', () => HttpResponse.json({ success: true, entries: [] })),
];

describe('catalog screens', { timeout: 20_000 }, () => {
  it('lists products with their flags and searches them on the server', async () => {
    mswServer.use(...staffApi);
    renderWithProviders(<Frame />, { route: '/staff/products' });
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getByRole('link', { name: 'Hero Bust' })).toHaveAttribute('href', '/staff/products/b1');
    expect(within(list).getAllByText('Hidden (not available yet)')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'turtle' } });
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: 'Cable Turtle' })).toBeInTheDocument();
  });

  it('filters by flag and category (sent to the server)', async () => {
    mswServer.use(...staffApi);
    const { user } = renderWithProviders(<Frame />, { route: '/staff/products' });
    await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('combobox', { name: 'Flag' }));
    await user.click(await screen.findByRole('option', { name: 'Vaulted' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: 'Vault Keeper' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Flag' }));
    await user.click(await screen.findByRole('option', { name: 'Any flag' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Puzzle Toys' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: 'Pocket Cube' })).toBeInTheDocument();
  });

  it('a bundle the server refuses shows its message under the field and keeps every input', async () => {
    let sent: Record<string, unknown> | null = null;
    mswServer.use(
      ...staffApi,
      http.post('*/api/staff/bundles', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: false, message: 'Invalid bundle: products[0]: unknown product id b1', fields: { 'products[0]': 'unknown product id b1' } }, { status: 400 });
      }),
    );
    const { user } = renderWithProviders(<Frame />, { route: '/staff/bundles/new' });
    const form = await screen.findByRole('form', { name: 'New bundle' });
    await user.type(within(form).getByLabelText(/^Title/), 'Desk Duo');
    await user.type(within(form).getByLabelText(/^Price/), '79');
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '2026-01-01T00:00' } });
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: '2025-12-01T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    // Our own check first: nothing sent.
    expect(await within(form).findByText('must be after the start date')).toBeInTheDocument();
    expect(within(form).getByText('must list at least one product id')).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: '2026-02-01T00:00' } });
    await user.click(await within(form).findByRole('checkbox', { name: 'Hero Bust' }));
    await user.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await within(form).findByText('unknown product id b1')).toBeInTheDocument();
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(['unknown product id b1', 'Invalid bundle: products[0]: unknown product id b1']);
    expect(sent).toMatchObject({ title: 'Desk Duo', price: 79, products: ['b1'], cancelled: false });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Desk Duo');
    expect(within(form).getByRole('checkbox', { name: 'Hero Bust' })).toBeChecked();
  });

  it('shows a product the server refuses field by field (an accessory’s price under that input), with a toast, keeping the form', async () => {
    mswServer.use(
      ...staffApi,
      http.post('*/api/staff/products', () =>
        HttpResponse.json({ success: false, message: 'Invalid product: accessories[0].price: must be at most 100000', fields: { 'accessories[0].price': 'must be at most 100000 (server)' } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<Frame />, { route: '/staff/products/new' });
    const form = await screen.findByRole('form', { name: 'New product' });
    await user.type(within(form).getByLabelText(/^Name/), 'Knight');
    await user.type(within(form).getByLabelText(/^Price/), '20');
    await user.click(within(form).getByRole('button', { name: 'Add accessory' }));
    const accessory = within(form).getByRole('group', { name: 'Accessory 1' });
    await user.type(within(accessory).getByLabelText('Accessory name'), 'Stand');
    await user.type(within(accessory).getByLabelText('Accessory price ($)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(accessory).findByText('must be at most 100000 (server)')).toBeInTheDocument();
    expect(within(accessory).getByLabelText('Accessory price ($)')).toHaveAttribute('aria-invalid', 'true');
    // Under the form and in a toast.
    await waitFor(() => expect(screen.getAllByText('Invalid product: accessories[0].price: must be at most 100000')).toHaveLength(2));
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Knight');
    expect(within(accessory).getByLabelText('Accessory name')).toHaveValue('Stand');
  });
});
