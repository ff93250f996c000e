import type { RouteObject } from 'react-router-dom';

/**
 * The catalog editors' routes inside the staff console (paths relative to /staff: `products`,
 * `products/:id`, `bundles`, …) and their navigation entries. Owned by the catalog editors' work
 * (issue 18); empty until they land.
 */
export const staffCatalogRoutes: RouteObject[] = [];

export const staffCatalogNav: { to: string; label: string }[] = [];
