import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { products } from '../fixtures/catalog';
import { renderWithProviders } from '../utils/renderWithProviders';

/** Each route names itself in the tab and describes itself. */
describe('page titles and descriptions', () => {
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';

  it.each([
    ['/about', 'About | LayerLoft'],
    ['/cart', 'Cart | LayerLoft'],
    ['/collection?category=Figures', 'Figures | LayerLoft'],
    ['/no/such/page', 'Page not found | LayerLoft'],
  ])('%s is titled %s', async (route, title) => {
    renderWithProviders(<Layout />, { route });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
    expect(description()).toMatch(/\w{3,}/);
  });

  it("titles a product page by the product's name once it has loaded", async () => {
    const p = products.find((x) => !x.notAvailableYet)!;
    renderWithProviders(<Layout />, { route: `/product/${p._id}` });
    await screen.findByRole('heading', { level: 1, name: p.name });
    await waitFor(() => expect(document.title).toBe(`${p.name} | LayerLoft`));
  });
});
