import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { settings } from '../fixtures/catalog';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

const withTestPayments = (testPayments: boolean) =>
  mswServer.use(http.get('*/api/settings', () => HttpResponse.json({ success: true, settings: { ...settings, testPayments } })));

/** With test payments on, every page says so above its header. */
describe('test-mode ribbon', { timeout: 30_000 }, () => {
  it.each(['/about', '/collection', '/cart'])('shows on %s while the server takes test payments', async (route) => {
    withTestPayments(true);
    renderWithProviders(<Layout />, { route });
    const ribbon = await screen.findByRole('note', { name: 'Test mode' });
    expect(ribbon).toHaveTextContent('Test mode: no real payments are taken.');
    // In the page flow above the header, so it covers nothing.
    expect(ribbon.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is absent when payments are real', async () => {
    withTestPayments(false);
    renderWithProviders(<Layout />, { route: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'About LayerLoft' }, { timeout: 10_000 });
    await screen.findAllByRole('link', { name: 'hello@layerloft.test' });
    expect(screen.queryByRole('note', { name: 'Test mode' })).toBeNull();
  });
});
