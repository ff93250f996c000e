import { lazy, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';

const Home = lazy(() => import('./pages/Home'));
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

/** The route table of SPEC §2: every path with its lazily loaded screen. */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; element: ReactElement }> = [
  { path: '/', element: <Home /> },
  { path: '/collection', element: <Store /> },
  { path: '/about', element: <About /> },
  { path: '/contact', element: <Contact /> },
  { path: '/product/:productId', element: <Product /> },
  { path: '/bundle/:bundleId', element: <Bundle /> },
  { path: '/cart', element: <Cart /> },
  { path: '/login', element: <Login /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/reset-password/:token', element: <ResetPassword /> },
  { path: '/place-order', element: <PlaceOrder /> },
  { path: '/verify', element: <Verify /> },
  { path: '/order-placed', element: <OrderPlaced /> },
  { path: '/orders', element: <Orders /> },
  { path: '/wishlist', element: <Wishlist /> },
];

export const routes: RouteObject[] = [...ROUTE_TABLE, { path: '*', element: <NotFound /> }];

export function AppRoutes() {
  return useRoutes(routes);
}
