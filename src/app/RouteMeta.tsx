import { matchPath, useLocation } from 'react-router-dom';
import { usePageMeta } from '../components/PageMeta';
import { DEFAULT_DESCRIPTION } from '../domain/meta';
import { displayName } from '../domain/taxonomy';

interface Meta {
  /** Shown as '<title> | LayerLoft'; null for the home page's own title. */
  title: string | null;
  description: string;
}

/**
 * Title and description of each route of SPEC §2. The product and bundle pages name themselves
 * (their title is the product's or bundle's name, known once loaded): they are `null` here.
 */
export const ROUTE_META: Readonly<Record<string, Meta | null>> = {
  '/': { title: null, description: DEFAULT_DESCRIPTION },
  '/collection': { title: 'Store', description: 'Browse every LayerLoft piece: figures, fidgets, décor and widgets, with filters, sorting and sale prices.' },
  '/about': { title: 'About', description: 'How LayerLoft designs, 3D-prints and hand-finishes colourful figures, fidgets, décor and widgets in the United States.' },
  '/contact': { title: 'Custom figure requests', description: 'Tell us about the character, pet or person you want as a figure, and we will come back with a plan and a quote.' },
  '/product/:productId': null,
  '/bundle/:bundleId': null,
  '/cart': { title: 'Cart', description: 'Your LayerLoft cart: quantities, items saved for later and your order total.' },
  '/login': { title: 'Log in or sign up', description: 'Log in to your LayerLoft account, or create one to track orders and keep your wishlist everywhere.' },
  '/forgot-password': { title: 'Forgot password', description: 'Get an e-mail with a link to choose a new LayerLoft password.' },
  '/reset-password/:token': { title: 'Choose a new password', description: 'Set a new password for your LayerLoft account.' },
  '/place-order': { title: 'Checkout', description: 'Delivery details, discount code and payment for your LayerLoft order.' },
  '/verify': { title: 'Confirming your payment', description: 'We are confirming your card payment.' },
  '/order-placed': { title: 'Order placed', description: 'Your LayerLoft order is placed: what happens next.' },
  '/orders': { title: 'My orders', description: 'Your LayerLoft orders, their status and tracking, and a chat with our team.' },
  '/wishlist': { title: 'Wishlist', description: 'The LayerLoft pieces you hearted, in one place.' },
  '/review': { title: 'Review link', description: 'Opens the review form for a product you received.' },
  '/staff/*': { title: 'Staff console', description: 'The LayerLoft staff console: support inbox, orders and catalog.' },
};

const NOT_FOUND: Meta = { title: 'Page not found', description: DEFAULT_DESCRIPTION };

function metaFor(pathname: string, search: string): Meta | null {
  for (const [pattern, meta] of Object.entries(ROUTE_META)) {
    if (!matchPath(pattern, pathname)) continue;
    if (pattern === '/collection' && meta) {
      // The store filtered to a category is titled by it ('Figures | LayerLoft').
      const category = new URLSearchParams(search).get('category');
      if (category) return { ...meta, title: displayName(category) };
    }
    return meta;
  }
  return NOT_FOUND;
}

function Apply({ meta }: { meta: Meta }) {
  usePageMeta(meta.title, meta.description);
  return null;
}

/** Sets the title and description of the current route (except the pages that name themselves). */
export function RouteMeta() {
  const { pathname, search } = useLocation();
  const meta = metaFor(pathname, search);
  return meta ? <Apply meta={meta} /> : null;
}
