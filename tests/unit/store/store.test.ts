import { describe, expect, it } from 'vitest';
import { dispatcherActionCreators } from '../../../src/store/store';

describe('Redux DevTools set-up', () => {
  it('offers the past-tense events to the Dispatcher, named by feature, lazy routes\' once injected', async () => {
    const eager = dispatcherActionCreators();
    const names = Object.keys(eager);
    expect(names).toEqual(expect.arrayContaining(['events.lineAdded', 'events.loggedOut']));
    expect(names.some((n) => n.startsWith('cart.'))).toBe(true);
    expect(eager['events.loggedOut']!().type).toBe('session/loggedOut');
    // The contact page's slice is not in the store until its chunk loads (this file never imported it).
    expect(names.some((n) => n.startsWith('contact.'))).toBe(false);
    await import('../../../src/store/lazySlices');
    const all = dispatcherActionCreators();
    expect(all['contact.contactFieldEdited']!({ field: 'name', value: 'Ada' } as never).type).toBe('contact/fieldEdited');
    for (const creator of Object.values(all)) expect(typeof (creator as { type?: unknown }).type).toBe('string');
  });
});
