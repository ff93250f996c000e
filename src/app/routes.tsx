import type { ReactElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PlaceOrderSkeleton } from '../features/checkout/PlaceOrderSkeleton';
import { OrdersPageSkeleton } from '../features/orders/OrdersPageSkeleton';
import { RequireAuth } from '../features/session/RequireAuth';
import { RequireStaff } from '../features/session/RequireStaff';
import { lazyRoute, type LazyRoute } from './lazyRoute';

const Home = lazyRoute(() => import('./pages/Home'));
const NotFound = lazyRoute(() => import('./pages/NotFound'));
const Store = lazyRoute(() => import('./pages/Store'));
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
// The staff console (issue 18): its own chunk, which no shopper route loads.
const StaffConsole = lazyRoute(() => import('../features/staff/StaffConsole'));

/**
 * The route table of SPEC §2: every path with its lazily loaded screen; `auth`: only with an account,
 * with the `skeleton` the server renders (and the client hydrates) before the token is read; `staff`:
 * only for staff (issue 18).
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; element: ReactElement; screen: LazyRoute; auth?: true; skeleton?: ReactElement; staff?: true }> = [
  { path: '/', element: <Home />, screen: Home },
  { path: '/collection', element: <Store />, screen: Store },
  { path: '/about', element: <About />, screen: About },
  { path: '/contact', element: <Contact />, screen: Contact },
  { path: '/product/:productId', element: <Product />, screen: Product },
  { path: '/bundle/:bundleId', element: <Bundle />, screen: Bundle },
  { path: '/cart', element: <Cart />, screen: Cart },
  { path: '/login', element: <Login />, screen: Login },
  { path: '/forgot-password', element: <ForgotPassword />, screen: ForgotPassword },
  { path: '/reset-password/:token', element: <ResetPassword />, screen: ResetPassword },
  { path: '/place-order', element: <PlaceOrder />, screen: PlaceOrder, auth: true, skeleton: <PlaceOrderSkeleton /> },
  { path: '/verify', element: <Verify />, screen: Verify },
  { path: '/order-placed', element: <OrderPlaced />, screen: OrderPlaced },
  { path: '/orders', element: <Orders />, screen: Orders, auth: true, skeleton: <OrdersPageSkeleton /> },
  { path: '/wishlist', element: <Wishlist />, screen: Wishlist },
  { path: '/staff/*', element: <StaffConsole />, screen: StaffConsole, staff: true },
];

/** The skeleton of the account page at the current url (RequireAuth shows it until the token is read). */
function AuthPageSkeleton() {
  const { pathname } = useLocation();
  return matchRoutes([...ROUTE_TABLE], pathname)?.[0]?.route.skeleton ?? null;
}

const toRoute = ({ path, element }: (typeof ROUTE_TABLE)[number]): RouteObject => ({ path, element });

export const routes: RouteObject[] = [
  ...ROUTE_TABLE.filter((r) => !r.auth && !r.staff).map(toRoute),
  // One guard for every page that needs an account (SPEC §6).
  { element: <RequireAuth pending={<AuthPageSkeleton />} />, children: ROUTE_TABLE.filter((r) => r.auth).map(toRoute) },
  // And one for the staff console: guests log in, shoppers are refused (issue 18).
  { element: <RequireStaff />, children: ROUTE_TABLE.filter((r) => r.staff).map(toRoute) },
  { path: '*', element: <NotFound /> },
];

/** Loads the chunk of the screen `pathname` shows (main.tsx, before the first render). */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes([...ROUTE_TABLE], pathname)?.[0]?.route;
  return (match?.screen ?? NotFound).preload();
}

export function AppRoutes() {
  return useRoutes(routes);
}
