import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { SectionHeading } from '../../components/SectionHeading';
import type { Product } from '../../domain/types';
import { useAppSelector } from '../../store/hooks';
import { useGetProductsQuery } from './catalogApi';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';
import { RELATED_LIMIT } from './related';
import { selectBundleContents, selectRelatedProducts } from './storeSelectors';

const grid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2.5 },
  // Three across on tablets, as in the store and the best sellers.
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

// A row of at most 4 suggestions: 2 + 2 on tablets (three across left one card alone), 4 from desktop.
const suggestionsGrid = { ...grid, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } } as const;

export type CardAction = (product: Product) => ReactNode;

/** A plain grid of product cards under a labelled list; `eager` cards (the first screen's) load at once, the rest lazily. */
export function ProductGrid({
  products,
  label,
  renderCardAction,
  eager = 0,
  suggestions = false,
}: {
  products: readonly Product[];
  label: string;
  renderCardAction?: CardAction;
  eager?: number;
  /** A short list of up to 4 suggestions ("You may also like"), laid out in even rows. */
  suggestions?: boolean;
}) {
  return (
    <Box component="ul" sx={suggestions ? suggestionsGrid : grid} aria-label={label}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < eager} action={renderCardAction?.(p)} />
        </li>
      ))}
    </Box>
  );
}

/** The grid's footprint while its products load: `count` card skeletons. */
export function ProductGridSkeleton({ count, suggestions = false }: { count: number; suggestions?: boolean }) {
  return (
    <Box sx={suggestions ? suggestionsGrid : grid} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </Box>
  );
}

/** "You may also like" on the product page: up to 4 suggestions (rule in rules.ts). */
export function RelatedProducts({ product, renderCardAction }: { product: Product; renderCardAction?: CardAction }) {
  const { isLoading } = useGetProductsQuery();
  const related = useAppSelector((s) => selectRelatedProducts(s, product));
  if (!isLoading && related.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="related-title">
      <SectionHeading id="related-title" overline="Keep exploring" title="You may also like" />
      {isLoading ? <ProductGridSkeleton count={RELATED_LIMIT} suggestions /> : <ProductGrid products={related} label="Related products" renderCardAction={renderCardAction} suggestions />}
    </Box>
  );
}

/**
 * The products of a bundle, in the bundle's order, each linking to its page; and a suggestion
 * based on the first product's mainCategory and subCategory (SPEC §2 Bundle page).
 */
export function BundleProducts({ productIds, renderCardAction }: { productIds: readonly string[]; renderCardAction?: CardAction }) {
  const { isLoading } = useGetProductsQuery();
  const { inside, suggestions } = useAppSelector((s) => selectBundleContents(s, productIds));

  return (
    <>
      <Box component="section" aria-labelledby="inside-title">
        <SectionHeading id="inside-title" overline="The set" title="What's Inside This Bundle" />
        {isLoading ? (
          <ProductGridSkeleton count={Math.max(1, Math.min(4, productIds.length))} />
        ) : (
          <ProductGrid products={inside} label="Products in this bundle" renderCardAction={renderCardAction} />
        )}
      </Box>
      {suggestions.length > 0 && (
        <Box component="section" aria-labelledby="bundle-related-title">
          <SectionHeading id="bundle-related-title" overline="Pairs well with" title="You may also like" />
          <ProductGrid products={suggestions} label="Related products" renderCardAction={renderCardAction} suggestions />
        </Box>
      )}
    </>
  );
}
