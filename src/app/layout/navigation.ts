import { categoryHref } from '../../domain/taxonomy';

/** Header links (SPEC §2). */
export const NAV_LINKS = [
  { label: 'HOME', to: '/' },
  { label: 'STORE', to: '/collection' },
  { label: 'ABOUT', to: '/about' },
  { label: 'CONTACT', to: '/contact' },
] as const;

/**
 * Category shortcuts (the extra bar, the mobile menu, the footer): one per main category the shop
 * shows (`selectStoreCategories`, which leaves out the ones the settings hide).
 */
export function categoryLinks(categories: readonly string[]): { label: string; to: string }[] {
  return categories.map((category) => ({ label: category, to: categoryHref(category) }));
}

/** The shop's social profiles. Placeholders until the owner supplies real handles. */
export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/layerloft' },
  { label: 'Facebook', href: 'https://www.facebook.com/layerloft' },
  { label: 'YouTube', href: 'https://www.youtube.com/@layerloft' },
  { label: 'Pinterest', href: 'https://www.pinterest.com/layerloft' },
] as const;

/** The footer's link columns; the shop column ends with the category links. */
export const FOOTER_LINKS = {
  Shop: [
    { label: 'All products', to: '/collection' },
    { label: 'Limited bundles', to: '/#bundles' },
  ],
  Company: [
    { label: 'About us', to: '/about' },
    { label: 'Custom figure request', to: '/contact' },
    { label: 'My orders', to: '/orders' },
    { label: 'Wishlist', to: '/wishlist' },
    { label: 'Cart', to: '/cart' },
  ],
} as const;
