import { describe, expect, it } from 'vitest';
import { attachToastOutlet, showToast } from '../../../src/features/ui/toastOutlet';

describe('toast outlet (toasts before the lazy ToastHost is there)', () => {
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
