import type { ReactElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { preloadSidebarFilters } from '../features/catalog/storeFiltersLoader';
import { PlaceOrderSkeleton } from '../features/checkout/PlaceOrderSkeleton';
import { OrdersPageSkeleton } from '../features/orders/OrdersPageSkeleton';
import { RequireAuth } from '../features/session/RequireAuth';
import { RequireStaff } from '../features/session/RequireStaff';
import { ROUTES, type AppRoute, type ScreenKey } from '../domain/routes';
import { lazyRoute, type LazyRoute } from './lazyRoute';

const Home = lazyRoute(() => import('./pages/Home'));
const NotFound = lazyRoute(() => import('./pages/NotFound'));
// From 900 px the store's sidebar panel comes with it (its own chunk; features/catalog/storeFiltersLoader.ts).
const Store = lazyRoute(() => Promise.all([import('./pages/Store'), preloadSidebarFilters()]).then(([page]) => page));
const Product = lazyRoute(() => import('./pages/Product'));
const Bundle = lazyRoute(() => import('./pages/Bundle'));
const About = lazyRoute(() => import('./pages/About'));
const Contact = lazyRoute(() => import('./pages/Contact'));
const Login = lazyRoute(() => import('../features/session/LoginPage'));
const ForgotPassword = lazyRoute(() => import('../features/session/ForgotPasswordPage'));
const ResetPassword = lazyRoute(() => import('../features/session/ResetPasswordPage'));
const Cart = lazyRoute(() => import('./pages/Cart'));
const Wishlist = lazyRoute(() => import('./pages/Wishlist'));
const PlaceOrder = lazyRoute(() => import('./pages/PlaceOrder'));
const Verify = lazyRoute(() => import('./pages/Verify'));
const OrderPlaced = lazyRoute(() => import('./pages/OrderPlaced'));
const Orders = lazyRoute(() => import('./pages/Orders'));
const ReviewInvite = lazyRoute(() => import('./pages/ReviewInvite'));
// The staff console: its own chunk, which no shopper route loads.
const StaffConsole = lazyRoute(() => import('../features/staff/StaffConsole'));

/** The screen each key of the route table (src/domain/routes.ts) shows; private pages with the skeleton the server renders (and the client hydrates) before the token is read. */
const SCREENS: Record<ScreenKey, { screen: LazyRoute; skeleton?: ReactElement }> = {
  home: { screen: Home },
  store: { screen: Store },
  about: { screen: About },
  contact: { screen: Contact },
  product: { screen: Product },
  bundle: { screen: Bundle },
  cart: { screen: Cart },
  login: { screen: Login },
  forgotPassword: { screen: ForgotPassword },
  resetPassword: { screen: ResetPassword },
  placeOrder: { screen: PlaceOrder, skeleton: <PlaceOrderSkeleton /> },
  verify: { screen: Verify },
  orderPlaced: { screen: OrderPlaced },
  orders: { screen: Orders, skeleton: <OrdersPageSkeleton /> },
  wishlist: { screen: Wishlist },
  reviewInvite: { screen: ReviewInvite },
  staffConsole: { screen: StaffConsole },
};

/** The route table with each route's screen: `private` routes only with an account, `staff` only for staff. */
export const ROUTE_TABLE: ReadonlyArray<AppRoute & { element: ReactElement; component: LazyRoute; skeleton?: ReactElement }> = ROUTES.map((route) => {
  const { screen: Screen, skeleton } = SCREENS[route.screen];
  return { ...route, element: <Screen />, component: Screen, ...(skeleton ? { skeleton } : {}) };
});

/** The skeleton of the account page at the current url (RequireAuth shows it until the token is read). */
function AuthPageSkeleton() {
  const { pathname } = useLocation();
  return matchRoutes([...ROUTE_TABLE], pathname)?.[0]?.route.skeleton ?? null;
}

const toRoute = ({ path, element }: (typeof ROUTE_TABLE)[number]): RouteObject => ({ path, element });

export const routes: RouteObject[] = [
  ...ROUTE_TABLE.filter((r) => r.access === 'public').map(toRoute),
  // One guard for every page that needs an account (SPEC §6).
  { element: <RequireAuth pending={<AuthPageSkeleton />} />, children: ROUTE_TABLE.filter((r) => r.access === 'private').map(toRoute) },
  // And one for the staff console: guests log in, shoppers are refused.
  { element: <RequireStaff />, children: ROUTE_TABLE.filter((r) => r.access === 'staff').map(toRoute) },
  { path: '*', element: <NotFound /> },
];

/** Loads the chunk of the screen `pathname` shows (main.tsx, before the first render). */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes([...ROUTE_TABLE], pathname)?.[0]?.route;
  return (match?.component ?? NotFound).preload();
}

export function AppRoutes() {
  return useRoutes(routes);
}
