import { describe, expect, it } from 'vitest';
import { attachToastOutlet, showToast, whenToastAsked } from '../../../src/features/ui/toastOutlet';

describe('toast outlet (toasts before the lazy ToastHost is there)', () => {
  // First in the file: no toast has been asked for in this module yet.
  it('says when the first toast is asked for (the host loads then), and at once to a listener that comes later', () => {
    let calls = 0;
    const stop = whenToastAsked(() => calls++);
    expect(calls).toBe(0);
    showToast('Added to cart', 'success');
    showToast('Again', 'success');
    expect(calls).toBe(1);
    stop();
    let late = 0;
    whenToastAsked(() => late++);
    expect(late).toBe(1);
    attachToastOutlet(() => undefined)();
  });

  it('keeps toasts asked for before the host attaches and shows them in order when it does', () => {
    showToast('First', 'info');
    showToast('Second', 'error');
    const shown: string[] = [];
    const detach = attachToastOutlet((m, v) => shown.push(`${v}:${m}`));
    expect(shown).toEqual(['info:First', 'error:Second']);
    showToast('Third', 'success');
    expect(shown).toEqual(['info:First', 'error:Second', 'success:Third']);
    detach();
    showToast('Later', 'info');
    expect(shown).toHaveLength(3);
  });

  it('keeps only the 3 latest while no host is attached', () => {
    for (const m of ['a', 'b', 'c', 'd', 'e']) showToast(m, 'default');
    const shown: string[] = [];
    attachToastOutlet((m) => shown.push(m))();
    expect(shown).toEqual(['c', 'd', 'e']);
  });
});
