import { describe, expect, it } from 'vitest';
import { dispatcherActionCreators } from '../../../src/store/store';

describe('Redux DevTools set-up', () => {
  it('offers the past-tense events to the Dispatcher, named by feature', () => {
    const names = Object.keys(dispatcherActionCreators);
    expect(names).toEqual(expect.arrayContaining(['events.lineAdded', 'events.loggedOut']));
    expect(names.some((n) => n.startsWith('cart.'))).toBe(true);
    expect(dispatcherActionCreators['events.loggedOut']().type).toBe('session/loggedOut');
    for (const creator of Object.values(dispatcherActionCreators)) expect(typeof (creator as { type?: unknown }).type).toBe('string');
  });
});
