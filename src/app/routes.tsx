import { lazy, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';

const Home = lazy(() => import('./pages/Home'));
const ComingSoon = lazy(() => import('./pages/ComingSoon'));
const NotFound = lazy(() => import('./pages/NotFound'));
const Store = lazy(() => import('./pages/Store'));
const Product = lazy(() => import('./pages/Product'));
const Bundle = lazy(() => import('./pages/Bundle'));
const About = lazy(() => import('./pages/About'));
const Contact = lazy(() => import('./pages/Contact'));
const Login = lazy(() => import('../features/session/LoginPage'));
const ForgotPassword = lazy(() => import('../features/session/ForgotPasswordPage'));
const ResetPassword = lazy(() => import('../features/session/ResetPasswordPage'));
const Cart = lazy(() => import('./pages/Cart'));
const Wishlist = lazy(() => import('./pages/Wishlist'));
const PlaceOrder = lazy(() => import('./pages/PlaceOrder'));
const Verify = lazy(() => import('./pages/Verify'));
const OrderPlaced = lazy(() => import('./pages/OrderPlaced'));
const Orders = lazy(() => import('./pages/Orders'));

/** After-sale screens (issue 7), by path. */
export const ORDER_SCREENS: Readonly<Record<string, ReactElement>> = {
  '/orders': <Orders />,
};

/** Checkout screens (issue 6), by path. */
export const CHECKOUT_SCREENS: Readonly<Record<string, ReactElement>> = {
  '/place-order': <PlaceOrder />,
  '/verify': <Verify />,
  '/order-placed': <OrderPlaced />,
};

/** The shopper's lists (issue 5), by path. */
export const LIST_SCREENS: Readonly<Record<string, ReactElement>> = {
  '/cart': <Cart />,
  '/wishlist': <Wishlist />,
};

/** Account screens (issue 4), by path. */
export const ACCOUNT_SCREENS: Readonly<Record<string, ReactElement>> = {
  '/login': <Login />,
  '/forgot-password': <ForgotPassword />,
  '/reset-password/:token': <ResetPassword />,
};

/** Catalog screens (issue 3), by path; they replace the coming-soon entries below. */
export const CATALOG_SCREENS: Readonly<Record<string, ReactElement>> = {
  '/collection': <Store />,
  '/product/:productId': <Product />,
  '/bundle/:bundleId': <Bundle />,
  '/about': <About />,
  '/contact': <Contact />,
};

/**
 * The route table of SPEC §2. Routes whose feature has not shipped render a designed "coming
 * soon" page; each feature replaces its entry's element with its own lazy screen.
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; title: string; blurb?: string }> = [
  { path: '/', title: 'Home' },
  { path: '/collection', title: 'The Store', blurb: 'Our full collection, with filters and sorting, is being printed right now.' },
  { path: '/about', title: 'About LayerLoft' },
  { path: '/contact', title: 'Custom figure requests' },
  { path: '/product/:productId', title: 'Product details' },
  { path: '/bundle/:bundleId', title: 'Bundle details' },
  { path: '/cart', title: 'Your cart', blurb: 'Your items are safe: the cart keeps them while this page is finished.' },
  { path: '/login', title: 'Log in or sign up' },
  { path: '/forgot-password', title: 'Forgot your password?' },
  { path: '/reset-password/:token', title: 'Choose a new password' },
  { path: '/place-order', title: 'Checkout' },
  { path: '/verify', title: 'Confirming your payment' },
  { path: '/order-placed', title: 'Order placed' },
  { path: '/orders', title: 'My orders' },
  { path: '/wishlist', title: 'Your wishlist', blurb: 'Your hearted products are kept safe while this page is finished.' },
];

export const routes: RouteObject[] = [
  ...ROUTE_TABLE.map(
    ({ path, title, blurb }): RouteObject =>
      path === '/'
        ? { path, element: <Home /> }
        : { path, element: CATALOG_SCREENS[path] ?? ACCOUNT_SCREENS[path] ?? LIST_SCREENS[path] ?? CHECKOUT_SCREENS[path] ?? ORDER_SCREENS[path] ?? <ComingSoon title={title} blurb={blurb} /> },
  ),
  { path: '*', element: <NotFound /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
