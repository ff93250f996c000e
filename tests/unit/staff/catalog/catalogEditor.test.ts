import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { attachToastOutlet } from '../../../../src/features/ui/toastOutlet';
import {
  selectDeleteDialog,
  selectProductEditor,
  selectUploads,
  staffCatalogActions as A,
  staffCatalogSlice,
  initialStaffCatalogState,
} from '../../../../src/features/staff/catalog/catalogEditorSlice';
import { confirmDelete, saveDiscount, saveProduct, uploadPicture } from '../../../../src/features/staff/catalog/catalogThunks';
import { FORM_INVALID } from '../../../../src/features/staff/catalog/rules/fields';
import { makeStore } from '../../../../src/store/store';
import { NOW, makeProduct } from '../../../fixtures/catalog';
import { mswServer } from '../../../utils/msw';

const reducer = staffCatalogSlice.reducer;

function storeWithToasts() {
  const store = makeStore(undefined, { now: () => NOW });
  const toasts: string[] = [];
  const kinds: string[] = [];
  const detach = attachToastOutlet((m, variant) => {
    toasts.push(m);
    kinds.push(variant);
  });
  return { store, toasts, kinds, detach };
}

describe('catalog editor slice', () => {
  it('edits a product draft field by field; a change clears that field’s message only', () => {
    let s = reducer(initialStaffCatalogState, A.newProductOpened());
    s = reducer(s, A.saveRefused({ form: 'product', message: FORM_INVALID, errors: { name: 'must not be empty', 'accessories[0].price': 'must be 0 or more', price: 'x' } }));
    s = reducer(s, A.productFieldChanged({ field: 'name', value: 'Knight' }));
    expect(s.product.errors).toEqual({ 'accessories[0].price': 'must be 0 or more', price: 'x' });
    s = reducer(s, A.accessoryAdded());
    s = reducer(s, A.accessoryChanged({ index: 0, field: 'price', value: '3' }));
    expect(s.product.errors).toEqual({ price: 'x' });
    s = reducer(s, A.colorVariantAdded());
    s = reducer(s, A.colorVariantChanged({ index: 0, color: 'Red' }));
    s = reducer(s, A.pictureAdded({ target: { kind: 'variant', index: 0 }, url: '/uploads/a-320.webp' }));
    s = reducer(s, A.pictureAdded({ target: { kind: 'product' }, url: '/uploads/b-320.webp' }));
    s = reducer(s, A.pictureAdded({ target: { kind: 'accessory', index: 0 }, url: '/uploads/c-320.webp' }));
    expect(s.product.draft).toMatchObject({
      name: 'Knight',
      image: ['/uploads/b-320.webp'],
      colorVariants: [{ color: 'Red', image: '/uploads/a-320.webp' }],
      accessories: [{ price: '3', images: ['/uploads/c-320.webp'] }],
    });
    s = reducer(s, A.pictureRemoved({ target: { kind: 'product' }, index: 0 }));
    expect(s.product.draft.image).toEqual([]);
  });

  it('keeps a new draft when the new-product page opens again, and replaces it with a loaded product', () => {
    let s = reducer(initialStaffCatalogState, A.newProductOpened());
    s = reducer(s, A.productFieldChanged({ field: 'name', value: 'Half typed' }));
    s = reducer(s, A.newProductOpened());
    expect(s.product.draft.name).toBe('Half typed');
    s = reducer(s, A.productLoaded(makeProduct({ _id: 'p1', name: 'Loaded' })));
    expect(s.product).toMatchObject({ loadedFrom: 'p1', draft: { name: 'Loaded' }, errors: {} });
  });

  it('toggles bundle products', () => {
    let s = reducer(initialStaffCatalogState, A.bundleProductToggled('a'));
    s = reducer(s, A.bundleProductToggled('b'));
    s = reducer(s, A.bundleProductToggled('a'));
    expect(s.bundle.draft.products).toEqual(['b']);
  });
});

describe('catalog editor flows', () => {
  it('checks a product before sending: nothing is sent, every message is in place, the draft is kept', async () => {
    let sent = 0;
    mswServer.use(http.post('*/api/staff/products', () => (sent++, HttpResponse.json({}))));
    const { store, toasts, detach } = storeWithToasts();
    store.dispatch(A.newProductOpened());
    store.dispatch(A.productFieldChanged({ field: 'price', value: '1.234' }));
    await store.dispatch(saveProduct());
    expect(sent).toBe(0);
    expect(selectProductEditor(store.getState())).toMatchObject({
      formError: FORM_INVALID,
      errors: { name: 'must not be empty', price: 'must have at most 2 decimals' },
      draft: { price: '1.234' },
      saving: false,
    });
    expect(toasts).toEqual([]);
    detach();
  });

  it('shows the server’s fields per input with a toast, and keeps the form', async () => {
    mswServer.use(
      http.post('*/api/staff/products', () =>
        HttpResponse.json({ success: false, message: 'Invalid product: image[0]: must be a local path', fields: { 'image[0]': 'must be a local path starting with "/" (remote URLs are not allowed)' } }, { status: 400 }),
      ),
    );
    const { store, toasts, detach } = storeWithToasts();
    store.dispatch(A.newProductOpened());
    store.dispatch(A.productFieldChanged({ field: 'name', value: 'Knight' }));
    store.dispatch(A.productFieldChanged({ field: 'price', value: '20' }));
    await store.dispatch(saveProduct());
    expect(selectProductEditor(store.getState())).toMatchObject({
      formError: 'Invalid product: image[0]: must be a local path',
      errors: { 'image[0]': 'must be a local path starting with "/" (remote URLs are not allowed)' },
      draft: { name: 'Knight', price: '20' },
      loadedFrom: 'new',
      saving: false,
    });
    expect(toasts).toEqual(['Invalid product: image[0]: must be a local path']);
    detach();
  });

  it('creates a product and moves to its page with the server’s version in the form', async () => {
    let body: unknown;
    mswServer.use(
      http.post('*/api/staff/products', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, product: makeProduct({ _id: 'abcdefabcdefabcdefabcdef', name: 'Knight', price: 20 }) }, { status: 201 });
      }),
    );
    const { store, toasts, kinds, detach } = storeWithToasts();
    const moves: [string, boolean][] = [];
    store.navigator.attach((to, { replace }) => moves.push([to, replace]));
    store.dispatch(A.newProductOpened());
    store.dispatch(A.productFieldChanged({ field: 'name', value: 'Knight' }));
    store.dispatch(A.productFieldChanged({ field: 'price', value: '20' }));
    await store.dispatch(saveProduct());
    expect(moves).toEqual([['/staff/products/abcdefabcdefabcdefabcdef', true]]);
    expect(body).toMatchObject({ name: 'Knight', price: 20, mainCategory: 'Figures', subCategory: 'DC', subSubCategory: 'Male', bestseller: false });
    expect(selectProductEditor(store.getState())).toMatchObject({ loadedFrom: 'abcdefabcdefabcdefabcdef', formError: null, errors: {} });
    // The console's confirmations wear the success green, as everywhere else.
    expect([toasts, kinds]).toEqual([['Product created.'], ['success']]);
    detach();
  });

  it('keeps a refused delete in the dialog with the server’s reason (Hide is offered there)', async () => {
    const message = 'This product cannot be deleted while the active bundle "Duo" holds it. Hide it instead (notAvailableYet).';
    mswServer.use(http.delete('*/api/staff/products/:id', () => HttpResponse.json({ success: false, message }, { status: 409 })));
    const { store, toasts, detach } = storeWithToasts();
    store.dispatch(A.deleteRequested({ id: 'abcdefabcdefabcdefabcdef', name: 'Knight' }));
    await store.dispatch(confirmDelete());
    expect(selectDeleteDialog(store.getState())).toEqual({ id: 'abcdefabcdefabcdefabcdef', name: 'Knight', status: 'refused', message });
    expect(toasts).toEqual([]);
    detach();
  });

  it('refuses a picture of the wrong type or size before uploading, and uploads a good one as multipart', async () => {
    let field: FormDataEntryValue | null = null;
    let contentType = '';
    mswServer.use(
      http.post('*/api/staff/uploads', async ({ request }) => {
        contentType = request.headers.get('content-type') ?? '';
        field = (await request.formData()).get('file');
        return HttpResponse.json({ success: true, image: { _id: 'i', url: '/uploads/0123456789abcdef01234567-640.webp', width: 640, height: 480, sizes: [], srcset: '' } });
      }),
    );
    const { store, detach } = storeWithToasts();
    store.dispatch(A.newProductOpened());
    await store.dispatch(uploadPicture({ kind: 'product' }, new File(['GIF89a'], 'a.gif', { type: 'image/gif' })));
    expect(selectUploads(store.getState()).product).toEqual({ status: 'failed', name: 'a.gif', error: 'Only JPEG, PNG or WebP pictures can be uploaded' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await store.dispatch(uploadPicture({ kind: 'product' }, big));
    expect(selectUploads(store.getState()).product?.error).toBe('The picture is larger than 10 MB');
    expect(field).toBeNull();
    await store.dispatch(uploadPicture({ kind: 'product' }, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ok.png', { type: 'image/png' })));
    // Multipart with the field `file` (its bytes arrive intact in a browser: tests/e2e/staff-catalog.test.ts).
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(field).not.toBeNull();
    expect(selectProductEditor(store.getState()).draft.image).toEqual(['/uploads/0123456789abcdef01234567-640.webp']);
    expect(selectUploads(store.getState()).product).toBeUndefined();
    detach();
  });

  it('creates a discount code, upper-cased, and then edits it', async () => {
    const bodies: unknown[] = [];
    mswServer.use(
      http.post('*/api/staff/discounts', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, discount: { code: 'SPRING-5', percentage: 5, active: true, expiresAt: null, timesUsed: 0, createdAt: '2026-01-01T00:00:00Z' } }, { status: 201 });
      }),
    );
    const { store, toasts, kinds, detach } = storeWithToasts();
    store.dispatch(A.newDiscountOpened());
    store.dispatch(A.discountFieldChanged({ field: 'code', value: 'spring-5' }));
    store.dispatch(A.discountFieldChanged({ field: 'percentage', value: '5' }));
    await store.dispatch(saveDiscount());
    expect(bodies).toEqual([{ code: 'SPRING-5', percentage: 5, active: true, expiresAt: null }]);
    expect([toasts, kinds]).toEqual([['Code SPRING-5 created.'], ['success']]);
    expect((store.getState() as unknown as { staffCatalog: { discount: { loadedFrom: string } } }).staffCatalog.discount.loadedFrom).toBe('SPRING-5');
    detach();
  });
});

describe('the date added', () => {
  it('is kept as loaded, set from the datetime input, and cleared to let the server choose', () => {
    let s = reducer(initialStaffCatalogState, A.productLoaded(makeProduct({ _id: 'p1', date: Date.parse('2026-01-02T03:04:00Z') })));
    expect(s.product.draft.date).toBe(Date.parse('2026-01-02T03:04:00Z'));
    s = reducer(s, A.productDateChanged('2026-05-06T07:08'));
    expect(s.product.draft.date).toBe(new Date('2026-05-06T07:08').getTime());
    s = reducer(s, A.productDateChanged(''));
    expect(s.product.draft.date).toBeNull();
  });
});
