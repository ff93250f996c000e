import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ToastHost from '../../src/features/ui/ToastHost';
import { showToast } from '../../src/features/ui/toastOutlet';
import type { ToastVariant } from '../../src/store/events';

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (/rgba?\((\d+), (\d+), (\d+)/.exec(css) ?? []).slice(1).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('toasts', () => {
  it('shows every kind of toast with white text at AA contrast (4.5:1) or more', async () => {
    render(<ToastHost />);
    const kinds: ToastVariant[] = ['success', 'info', 'warning', 'error'];
    for (const kind of kinds) act(() => showToast(`A ${kind} toast`, kind));
    for (const kind of kinds) {
      const text = await screen.findByText(`A ${kind} toast`);
      const box = text.closest('.notistack-MuiContent') as HTMLElement;
      const style = getComputedStyle(box);
      expect(style.color, kind).toMatch(/rgb\(255, 255, 255\)|#fff/);
      expect(contrast(style.backgroundColor, 'rgb(255, 255, 255)'), `${kind} on ${style.backgroundColor}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has one look for a toast asked for without a kind: never notistack\'s own dark grey', async () => {
    render(<ToastHost />);
    act(() => showToast('A notice', 'default'));
    act(() => showToast('An info toast', 'info'));
    const box = async (text: string) => getComputedStyle((await screen.findByText(text)).closest('.notistack-MuiContent') as HTMLElement);
    expect((await box('A notice')).backgroundColor).toBe((await box('An info toast')).backgroundColor);
    expect((await box('A notice')).backgroundColor).not.toBe('rgb(49, 49, 49)');
  });

  it('carries a button (Undo) that closes the toast and does what it says', async () => {
    render(<ToastHost />);
    let pressed = 0;
    act(() => showToast('Removed “Owl” from your cart.', 'info', { label: 'Undo', onPress: () => (pressed += 1) }));
    await screen.findByText('Removed “Owl” from your cart.');
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(pressed).toBe(1);
    await waitFor(() => expect(screen.queryByText('Removed “Owl” from your cart.')).not.toBeInTheDocument());
  });
});
