import { MAIN_CATEGORIES } from '../../domain/taxonomy';

/** Header links (SPEC §2). */
export const NAV_LINKS = [
  { label: 'HOME', to: '/' },
  { label: 'STORE', to: '/collection' },
  { label: 'ABOUT', to: '/about' },
  { label: 'CONTACT', to: '/contact' },
] as const;

/** Category shortcuts of the extra bar: one per main category of the taxonomy. */
export const CATEGORY_LINKS = MAIN_CATEGORIES.map((category) => ({
  label: category,
  to: `/collection?category=${encodeURIComponent(category)}`,
}));

/** The shop's social profiles. Placeholders until the owner supplies real handles. */
export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/layerloft' },
  { label: 'Facebook', href: 'https://www.facebook.com/layerloft' },
  { label: 'YouTube', href: 'https://www.youtube.com/@layerloft' },
  { label: 'Pinterest', href: 'https://www.pinterest.com/layerloft' },
] as const;

export const FOOTER_LINKS = {
  Shop: [
    { label: 'All products', to: '/collection' },
    { label: 'Limited bundles', to: '/#bundles' },
    ...CATEGORY_LINKS,
  ],
  Company: [
    { label: 'About us', to: '/about' },
    { label: 'Custom figure request', to: '/contact' },
    { label: 'My orders', to: '/orders' },
    { label: 'Wishlist', to: '/wishlist' },
    { label: 'Cart', to: '/cart' },
  ],
} as const;
