import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { sessionApi } from '../../../src/features/session/sessionApi';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { loggedOut } from '../../../src/store/events';
import { selectCartItems as selectCartContents } from '../../../src/features/cart/cartSlice';
import { selectUserProfile } from '../../../src/features/session/sessionSelectors';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

describe('shared selectors', () => {
  it('the profile is the user-info answer, and nobody’s once logged out', async () => {
    mswServer.use(http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })));
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' }, cart: { items: { 'p1_|': 2 } } });
    expect(selectUserProfile(store.getState())).toBeNull();
    const held = store.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    await held;
    expect(selectUserProfile(store.getState())).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(selectCartContents(store.getState())).toEqual({ 'p1_|': 2 });
    // Still cached for a moment (a page holds it), but it belongs to no one now.
    store.dispatch(loggedOut());
    expect(sessionApi.endpoints.getUserInfo.select()(store.getState()).data).toBeDefined();
    expect(selectUserProfile(store.getState())).toBeNull();
    held.unsubscribe();
  });
});
