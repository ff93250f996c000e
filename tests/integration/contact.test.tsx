import { act, screen, waitFor, within, configure } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { renderWithProviders } from '../utils/renderWithProviders';

// Screens are lazy chunks and this suite shares the machine: give async queries room.
configure({ asyncUtilTimeout: 8000 });

const MESSAGE = 'Please complete all required fields: Name, Email, Phone Number, Character Name, and Details.';

/** Captures the mailto: links the form opens instead of letting jsdom try to navigate. */
function captureMailLinks() {
  const opened: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.href);
  });
  return opened;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function renderContact() {
  const r = renderWithProviders(<Layout />, { route: '/contact' });
  // The first render also loads the lazy page chunk, which can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: "Dream it. We'll print it." }, { timeout: 10_000 });
  // The shop e-mail comes from settings.
  await screen.findAllByRole('link', { name: 'hello@layerloft.test' });
  return r;
}

const form = () => screen.getByRole('form', { name: 'Custom figure inquiry' });

describe('Contact page', { timeout: 30_000 }, () => {
  it('shows the inquiry form with the five required fields', async () => {
    await renderContact();
    for (const name of ['Name', 'Email', 'Phone Number', 'Character Name', 'Details']) {
      expect(within(form()).getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeRequired();
    }
  });

  it('alerts when a required field is missing, and opens nothing', async () => {
    const opened = captureMailLinks();
    const { user } = await renderContact();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGE);
    expect(alert).toBeVisible();
    expect(alert.className).toMatch(/MuiAlert/);

    await user.type(within(form()).getByRole('textbox', { name: /^Name/ }), 'Ada');
    await user.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(within(form()).getByRole('textbox', { name: /^Phone Number/ }), '5550100');
    await user.type(within(form()).getByRole('textbox', { name: /^Character Name/ }), 'Moon Cat');
    await user.type(within(form()).getByRole('textbox', { name: /^Details/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
    expect(opened).toEqual([]);
  });

  it('opens a mailto link to the shop with the fields encoded, then resets after 2 seconds', async () => {
    const opened = captureMailLinks();
    const { user } = await renderContact();
    await user.type(within(form()).getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
    await user.type(within(form()).getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(within(form()).getByRole('textbox', { name: /^Phone Number/ }), '555 0100');
    await user.type(within(form()).getByRole('textbox', { name: /^Character Name/ }), 'Cat & Mouse');
    await user.type(within(form()).getByRole('textbox', { name: /^Details/ }), '6 inch, painted?');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(opened).toHaveLength(1);
    const href = opened[0];
    expect(href.startsWith('mailto:hello@layerloft.test?subject=')).toBe(true);
    expect(href).toContain('Cat%20%26%20Mouse');
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Custom figure request: Cat & Mouse');
    expect(url.searchParams.get('body')).toContain('Phone Number: 555 0100');
    expect(url.searchParams.get('body')).toContain('6 inch, painted?');
    expect(screen.getByRole('link', { name: 'Open the e-mail' })).toHaveAttribute('href', href);
    expect(within(form()).getByRole('textbox', { name: /^Name/ })).toHaveValue('Ada Lovelace');

    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(within(form()).getByRole('textbox', { name: /^Name/ })).toHaveValue('Ada Lovelace');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(within(form()).getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
    for (const name of ['Email', 'Phone Number', 'Character Name', 'Details']) {
      expect(within(form()).getByRole('textbox', { name: new RegExp(`^${name}`) })).toHaveValue('');
    }
  });
});
