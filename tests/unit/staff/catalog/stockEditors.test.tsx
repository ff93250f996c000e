import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { StaffOptionStock } from '../../../../src/domain/stock';
import { staffCatalogRoutes } from '../../../../src/features/staff/catalog/routes';
import { hasUnsavedChanges, initialStaffCatalogState, staffCatalogActions as A, staffCatalogSlice } from '../../../../src/features/staff/catalog/catalogEditorSlice';
import { stockErrorsByOption, validateStock, defaultOptionStock } from '../../../../src/features/staff/catalog/rules/stock';
import { makeProduct } from '../../../fixtures/catalog';
import { mswServer } from '../../../utils/msw';
import { renderWithProviders } from '../../../utils/renderWithProviders';

function Frame() {
  return useRoutes([{ path: '/staff/*', element: <Routes /> }]);
}
function Routes() {
  return useRoutes(staffCatalogRoutes);
}

const OWL = makeProduct({
  _id: 'aaaaaaaaaaaaaaaaaaaa0001',
  name: 'Stock Owl',
  mainCategory: 'Widgets',
  subCategory: 'Home_Gadgets',
  colorVariants: [
    { color: 'Red', image: '' },
    { color: 'Blue', image: '' },
  ],
  clothingSizes: ['S', 'M'],
  accessories: [{ name: 'Stand', price: 3, images: [], description: '' }],
  hasAccessory: true,
});
const row = (option: string, over: Partial<StaffOptionStock> = {}): StaffOptionStock => ({ option, onHand: 0, reserved: 0, madeToOrder: true, printMinutes: 120, material: 'PLA', ...over });
const STOCK = [row('Red|S', { onHand: 5, reserved: 3, madeToOrder: false }), row('Red|M'), row('Blue|S'), row('Blue|M', { printMinutes: 45, material: 'PETG' }), row('accessory-0', { onHand: 2 })];

function serve(onPut: (body: Record<string, unknown>) => Response | Promise<Response>) {
  mswServer.use(
    http.get('*/api/staff/products/:id', () => HttpResponse.json({ success: true, product: OWL, audit: [], stock: STOCK })),
    http.put('*/api/staff/products/:id', async ({ request }) => onPut((await request.json()) as Record<string, unknown>)),
    http.get('*/api/staff/audit', () => HttpResponse.json({ success: true, entries: [] })),
  );
}

async function openEditor() {
  const r = renderWithProviders(<Frame />, { route: `/staff/products/${OWL._id}` });
  const form = await screen.findByRole('form', { name: 'Edit product' });
  const stock = within(form).getByRole('region', { name: 'Stock' });
  return { ...r, form, stock, option: (name: string) => within(stock).getByRole('group', { name: `Stock of ${name}` }) };
}

describe('product editor: stock per option', { timeout: 20_000 }, () => {
  it('lists every option (colour × size, then accessories) with its numbers, and the units held by open payments', async () => {
    serve(() => HttpResponse.json({}, { status: 500 }));
    const { stock, option } = await openEditor();
    expect(within(stock).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Stock of Red, S', 'Stock of Red, M', 'Stock of Blue, S', 'Stock of Blue, M', 'Stock of Accessory: Stand']);
    const redS = option('Red, S');
    expect(within(redS).getByLabelText('On hand')).toHaveValue('5');
    expect(within(redS).getByRole('switch', { name: 'Made to order' })).not.toBeChecked();
    expect(within(redS).getByText('3 held by open payments')).toBeInTheDocument();
    expect(within(redS).queryByLabelText('Print time (minutes)')).toBeNull();
    const blueM = option('Blue, M');
    expect(within(blueM).getByRole('switch', { name: 'Made to order' })).toBeChecked();
    expect(within(blueM).getByLabelText('Print time (minutes)')).toHaveValue('45');
    expect(within(blueM).getByLabelText('Material')).toHaveValue('PETG');
    expect(within(option('Accessory: Stand')).getByLabelText('On hand')).toHaveValue('2');
  });

  it('names negative or fractional stock, stock below the held units and a print time of zero under each input, sending nothing', async () => {
    let puts = 0;
    serve(() => {
      puts++;
      return HttpResponse.json({}, { status: 500 });
    });
    const { user, option } = await openEditor();
    fireEvent.change(within(option('Red, M')).getByLabelText('On hand'), { target: { value: '-2' } });
    fireEvent.change(within(option('Blue, S')).getByLabelText('On hand'), { target: { value: '1.5' } });
    fireEvent.change(within(option('Red, S')).getByLabelText('On hand'), { target: { value: '2' } });
    fireEvent.change(within(option('Blue, M')).getByLabelText('Print time (minutes)'), { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(option('Red, M')).findByText('must be a whole number, 0 or more')).toBeInTheDocument();
    expect(within(option('Blue, S')).getByText('must be a whole number, 0 or more')).toBeInTheDocument();
    expect(within(option('Red, S')).getByText('must be at least 3: shoppers are paying for those units right now')).toBeInTheDocument();
    expect(within(option('Blue, M')).getByText('must be at least 1 minute')).toBeInTheDocument();
    expect(within(option('Blue, M')).getByLabelText('Print time (minutes)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(puts).toBe(0);
    // Typing again clears that input's message only.
    fireEvent.change(within(option('Red, M')).getByLabelText('On hand'), { target: { value: '4' } });
    expect(within(option('Red, M')).queryByText('must be a whole number, 0 or more')).toBeNull();
    expect(within(option('Blue, S')).getByText('must be a whole number, 0 or more')).toBeInTheDocument();
  });

  it('sends only the options changed as `stock`, and shows the server’s message under that option’s input', async () => {
    const bodies: Record<string, unknown>[] = [];
    serve((body) => {
      bodies.push(body);
      return HttpResponse.json({ success: false, message: 'Invalid product: stock[1].material: must not contain control characters', fields: { 'stock[1].material': 'must not contain control characters' } }, { status: 400 });
    });
    const { user, option } = await openEditor();
    fireEvent.change(within(option('Red, M')).getByLabelText('On hand'), { target: { value: '7' } });
    await user.click(within(option('Red, M')).getByRole('switch', { name: 'Made to order' }));
    fireEvent.change(within(option('Accessory: Stand')).getByLabelText('Material'), { target: { value: 'TPU' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.stock).toEqual([
      { option: 'Red|M', onHand: 7, madeToOrder: false, printMinutes: 120, material: 'PLA' },
      { option: 'accessory-0', onHand: 2, madeToOrder: true, printMinutes: 120, material: 'TPU' },
    ]);
    expect(await within(option('Accessory: Stand')).findByText('must not contain control characters')).toBeInTheDocument();
    expect(within(option('Red, M')).getByLabelText('On hand')).toHaveValue('7');
  });
});

describe('product editor: "Out of stock" follows the numbers', { timeout: 20_000 }, () => {
  it('shows the flag read-only, as the stock section’s numbers make it, and sends the stored flag unchanged', async () => {
    const bodies: Record<string, unknown>[] = [];
    serve((body) => {
      bodies.push(body);
      return HttpResponse.json({ success: false, message: 'stop here' }, { status: 400 });
    });
    const { user, form, option } = await openEditor();
    const flags = within(form).getByRole('region', { name: 'Flags' });
    const flag = within(flags).getByRole('checkbox', { name: 'Out of stock (from Stock)' });
    expect(flag).toBeDisabled();
    // Two of Red, S's five are free, and the rest are made to order.
    expect(flag).not.toBeChecked();
    for (const name of ['Red, M', 'Blue, S', 'Blue, M']) await user.click(within(option(name)).getByRole('switch', { name: 'Made to order' }));
    expect(flag).not.toBeChecked();
    // Its last free units gone (three on hand, three held): no option can be bought.
    fireEvent.change(within(option('Red, S')).getByLabelText('On hand'), { target: { value: '3' } });
    expect(flag).toBeChecked();
    // The accessory's own flag follows its own option.
    const stand = within(form).getByRole('group', { name: 'Accessory 1' });
    const standFlag = within(stand).getByRole('checkbox', { name: 'Out of stock (from Stock)' });
    expect(standFlag).toBeDisabled();
    expect(standFlag).not.toBeChecked();
    await user.click(within(option('Accessory: Stand')).getByRole('switch', { name: 'Made to order' }));
    fireEvent.change(within(option('Accessory: Stand')).getByLabelText('On hand'), { target: { value: '0' } });
    expect(standFlag).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // The numbers carry it; the product's stored flag (the import's meaning) is left as it was.
    expect(bodies[0]!.outOfStock).toBe(false);
  });
});

describe('bundle editor: the option it holds of each product', { timeout: 20_000 }, () => {
  it('offers only the colours and sizes a product has, and sends the choice as productOptions', async () => {
    const plain = makeProduct({ _id: 'aaaaaaaaaaaaaaaaaaaa0002', name: 'Plain Cube', mainCategory: 'Widgets', subCategory: 'Home_Gadgets' });
    const bundle = { _id: 'bbbbbbbbbbbbbbbbbbbb0001', title: 'Owl Pack', description: '', price: 30, images: [], startDate: '2025-06-01T00:00:00.000Z', endDate: '2025-07-01T00:00:00.000Z', cancelled: false, products: [OWL._id, plain._id] };
    const bodies: Record<string, unknown>[] = [];
    mswServer.use(
      http.get('*/api/staff/products', () => HttpResponse.json({ success: true, products: [OWL, plain] })),
      http.get('*/api/staff/bundles/:id', () => HttpResponse.json({ success: true, bundle, audit: [] })),
      http.put('*/api/staff/bundles/:id', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ success: false, message: 'Invalid bundle', fields: { [`productOptions.${OWL._id}`]: 'This product does not come in Blue' } }, { status: 400 });
      }),
      http.get('*/api/staff/audit', () => HttpResponse.json({ success: true, entries: [] })),
    );
    const { user } = renderWithProviders(<Frame />, { route: `/staff/bundles/${bundle._id}` });
    const owl = await screen.findByRole('group', { name: 'Option of Stock Owl' });
    // A product without colours or sizes has nothing to choose.
    expect(screen.queryByRole('group', { name: 'Option of Plain Cube' })).toBeNull();
    expect(within(owl).getByRole('combobox', { name: 'Colour' })).toHaveTextContent('Red');
    await user.click(within(owl).getByRole('combobox', { name: 'Colour' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Red', 'Blue']);
    await user.click(screen.getByRole('option', { name: 'Blue' }));
    await user.click(within(owl).getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.productOptions).toEqual({ [OWL._id]: 'Blue|M' });
    expect(await within(owl).findByText('This product does not come in Blue')).toBeInTheDocument();
  });
});

describe('stock rules', () => {
  const draft = { colorVariants: [{ color: 'Red' }], clothingSizes: '', canvasSizes: '', accessories: [] };
  it('sends nothing when no option changed, and a new option staff touched with its values', () => {
    const loaded = [defaultOptionStock('Red|')];
    expect(validateStock({ ...draft, stock: loaded }, loaded, {})).toBeUndefined();
    const errors = {};
    expect(validateStock({ ...draft, colorVariants: [{ color: 'Red' }, { color: 'Blue' }], stock: [...loaded, { ...defaultOptionStock('Blue|'), onHand: ' 4 ' }] }, loaded, errors)).toEqual([
      { option: 'Blue|', onHand: 4, madeToOrder: true, printMinutes: 120, material: 'PLA' },
    ]);
    expect(errors).toEqual({});
  });
  it('a stock edit is an unsaved change (the leave prompt asks), the stock loaded after a save is not', () => {
    const reducer = staffCatalogSlice.reducer;
    let s = reducer(initialStaffCatalogState, A.productLoaded(OWL, STOCK));
    expect(hasUnsavedChanges(s.product)).toBe(false);
    s = reducer(s, A.optionStockChanged({ option: 'Blue|S', field: 'madeToOrder', value: false }));
    expect(hasUnsavedChanges(s.product)).toBe(true);
    s = reducer(s, A.productLoaded(OWL, STOCK.map((r) => (r.option === 'Blue|S' ? { ...r, madeToOrder: false } : r))));
    expect(hasUnsavedChanges(s.product)).toBe(false);
  });
  it('maps the server’s row numbers to the options sent', () => {
    const sent = [{ option: 'Red|M', onHand: 1, madeToOrder: true, printMinutes: 1, material: 'PLA' }];
    expect(stockErrorsByOption({ 'stock[0].onHand': 'x', name: 'y' }, sent)).toEqual({ 'stock.Red|M.onHand': 'x', name: 'y' });
  });
});
