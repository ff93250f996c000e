import type { Product } from '../../../../domain/types';

/**
 * The picker's two lists: the bundle's products in their order (an id the catalog no longer has is
 * named by its id), and the catalog's products whose name holds the search (at most 50).
 */
export function pickableProducts(
  catalog: readonly Product[],
  selectedIds: readonly string[],
  search: string,
): { selected: { id: string; name: string }[]; options: Product[] } {
  const byId = new Map(catalog.map((p) => [p._id, p]));
  const q = search.trim().toLowerCase();
  return {
    selected: selectedIds.map((id) => ({ id, name: byId.get(id)?.name ?? id })),
    options: catalog.filter((p) => !q || p.name.toLowerCase().includes(q)).slice(0, 50),
  };
}
