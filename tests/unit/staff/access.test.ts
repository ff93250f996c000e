import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '../../../src/features/session/sessionApi';
import { initialSessionState, redirectAfterLoginSet } from '../../../src/features/session/sessionSlice';
import { selectAccountLink, selectLoginLanding, selectStaffAccess } from '../../../src/features/session/sessionSelectors';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const loggedInStore = () => makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } });
const profile = (role?: string) => mswServer.use(http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Sam', email: 'sam@example.com', ...(role ? { role } : {}) } })));

describe('who may open the staff console', () => {
  it('a guest logs in first', () => {
    expect(selectStaffAccess(makeStore().getState())).toBe('guest');
  });

  it('staff get in; their login lands on /staff, which wins over a stored target', async () => {
    profile('staff');
    const store = makeStore();
    store.dispatch(redirectAfterLoginSet('/cart'));
    const logged = makeStore({ session: { ...store.getState().session, status: 'authenticated', token: 'tok' } });
    expect(selectStaffAccess(logged.getState())).toBe('pending');
    expect(selectLoginLanding(logged.getState())).toBeNull();
    const held = logged.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    await held;
    expect(selectStaffAccess(logged.getState())).toBe('staff');
    expect(selectLoginLanding(logged.getState())).toBe('/staff');
    held.unsubscribe();
  });

  it('a shopper (or a profile without a role) is refused and lands as before', async () => {
    profile();
    const store = loggedInStore();
    const held = store.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    await held;
    expect(selectStaffAccess(store.getState())).toBe('shopper');
    expect(selectLoginLanding(store.getState())).toBe('/');
    held.unsubscribe();
  });

  it('a profile that cannot be read is told apart from a refusal', async () => {
    mswServer.use(http.get('*/api/user/info', () => HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 })));
    const store = loggedInStore();
    const held = store.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    await held;
    expect(selectStaffAccess(store.getState())).toBe('unknown');
    expect(selectLoginLanding(store.getState())).toBe('/');
    held.unsubscribe();
  });
});

describe("the header's account link", () => {
  it('a guest logs in, a shopper sees My orders, staff their console', async () => {
    expect(selectAccountLink(makeStore().getState())).toEqual({ to: '/login', label: 'Log in' });
    profile();
    const shopper = loggedInStore();
    expect(selectAccountLink(shopper.getState())).toEqual({ to: '/orders', label: 'My orders' });
    profile('staff');
    const staff = loggedInStore();
    const held = staff.dispatch(sessionApi.endpoints.getUserInfo.initiate());
    await held;
    expect(selectAccountLink(staff.getState())).toEqual({ to: '/staff', label: 'Staff console' });
    held.unsubscribe();
  });
});
