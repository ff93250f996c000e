import { screen, configure } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

describe('About page', { timeout: 30_000 }, () => {
  it("tells the shop's story, how things are made, and the policies", async () => {
    renderWithProviders(<Layout />, { route: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About LayerLoft' }, { timeout: 10_000 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/3D-print/);
    expect(main).toHaveTextContent(/United States/);
    expect(screen.getByRole('heading', { name: 'Printed layer by layer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Primed and hand-painted' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Custom orders welcome' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a custom figure' })).toHaveAttribute('href', '/contact');
    expect(main).toHaveTextContent('damaged items only, within 1 week of purchase and receipt');
    expect(main).toHaveTextContent('Shipping is a flat $10 per order, and free on orders of $100 or more.');
  });

  it('links the shop e-mail from settings', async () => {
    renderWithProviders(<Layout />, { route: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'About LayerLoft' }, { timeout: 10_000 });
    const links = await screen.findAllByRole('link', { name: 'hello@layerloft.test' });
    expect(links.some((l) => l.closest('main'))).toBe(true);
    for (const l of links) expect(l).toHaveAttribute('href', 'mailto:hello@layerloft.test');
  });
});
