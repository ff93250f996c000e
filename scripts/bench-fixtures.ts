/**
 * Generated catalogs for the benchmarks: deterministic, every taxonomy branch and flag,
 * images from the one parametrised image route (/img/p/<seed>.svg?k=&c=), never a file per product.
 * `benchProductRecords` feeds the database (catalog file format); `benchWireProducts` builds the
 * wire `Product`s in memory for the client rule benchmark (10k and 100k).
 */
import { createHash } from 'node:crypto';
import type { Product } from '../src/domain/types';
import { FIGURE_GENDERS, TAXONOMY } from '../src/domain/taxonomy';
import type { ProductRecord } from '../server/db/catalogImport';
import { imageUrl, kindFor } from '../server/images/urls';

const COLORS = ['Red', 'Blue', 'Green', 'Yellow', 'Black', 'White', 'Pink', 'Purple', 'Orange', 'Teal', 'Silver', 'Gold', 'Navy', 'Lime', 'Bronze', 'Wood'];
const ADJECTIVES = ['Cosmic', 'Tiny', 'Mighty', 'Gentle', 'Neon', 'Rustic', 'Clever', 'Lucky', 'Swift', 'Sleepy', 'Brave', 'Frosty', 'Golden', 'Hidden', 'Jolly', 'Quiet'];
const NOUNS = ['Dragon', 'Robot', 'Knight', 'Owl', 'Fox', 'Comet', 'Lantern', 'Planter', 'Spinner', 'Cube', 'Vase', 'Stand', 'Rocket', 'Turtle', 'Castle', 'Beacon'];
const DAY = 86_400_000;

type Leaf = [main: string, sub: string, subSub?: string];
const LEAVES: Leaf[] = Object.entries(TAXONOMY).flatMap(([main, subs]) =>
  (subs as readonly string[]).flatMap((sub): Leaf[] => (main === 'Figures' ? FIGURE_GENDERS.map((g): Leaf => [main, sub, g]) : [[main, sub]])),
);

/** 24 hex characters, stable for (prefix, i). */
function benchId(prefix: string, i: number): string {
  return createHash('sha1').update(`${prefix}:${i}`).digest('hex').slice(0, 24);
}

/** Cheap deterministic pseudo-random in [0, 1) for index i and salt. */
function rnd(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

interface Spec {
  id: string;
  name: string;
  description: string;
  price: number;
  discount: number;
  leaf: Leaf;
  colors: string[];
  flags: Pick<Product, 'outOfStock' | 'comingSoon' | 'preOrder' | 'isNewProduct' | 'limitedEdition' | 'vaulted' | 'notAvailableYet' | 'bestseller'>;
  sizes: string[];
  date: number;
}

function spec(i: number, now: number, prefix: string): Spec {
  const leaf = LEAVES[i % LEAVES.length]!;
  const nColors = 1 + Math.floor(rnd(i, 1) * 3);
  const colors = Array.from({ length: nColors }, (_, k) => COLORS[(i * 7 + k * 5) % COLORS.length]!).filter((c, k, all) => all.indexOf(c) === k);
  const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${leaf[1].replace(/_/g, ' ')} No. ${i + 1}`;
  const r = rnd(i, 2);
  return {
    id: benchId(prefix, i),
    name,
    description: `A ${colors.join(' and ').toLowerCase()} ${leaf[1].replace(/_/g, ' ').toLowerCase()} piece, printed layer by layer in our studio. Item ${i + 1} of the benchmark catalog.`,
    price: Math.round((5 + rnd(i, 3) * 140) * 100) / 100,
    discount: r < 0.2 ? [10, 15, 25, 40][i % 4]! : 0,
    leaf,
    colors,
    flags: {
      outOfStock: rnd(i, 4) < 0.05 || undefined,
      comingSoon: rnd(i, 5) < 0.03 || undefined,
      preOrder: rnd(i, 6) < 0.04 || undefined,
      isNewProduct: rnd(i, 7) < 0.1 || undefined,
      limitedEdition: rnd(i, 8) < 0.05 || undefined,
      vaulted: rnd(i, 9) < 0.02 || undefined,
      notAvailableYet: rnd(i, 10) < 0.02 || undefined,
      bestseller: rnd(i, 11) < 0.05 || undefined,
    },
    sizes: leaf[2] === 'Male' && i % 5 === 0 ? ['S', 'M', 'L'] : [],
    date: now - Math.floor(rnd(i, 12) * 365) * DAY - i * 1000,
  };
}

/** `count` products in the catalog file format (ids prefixed so they never collide with the demo). */
export function benchProductRecords(count: number, now = Date.now(), offset = 0): ProductRecord[] {
  return Array.from({ length: count }, (_, k) => {
    const s = spec(offset + k, now, 'bench-product');
    const kind = kindFor(s.leaf[0], s.leaf[1], s.leaf[2]);
    const flags = Object.fromEntries(Object.entries(s.flags).filter(([, v]) => v));
    return {
      _id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      discount: s.discount,
      image: [imageUrl(s.id, kind, s.colors[0]!), imageUrl(`${s.id}-2`, kind, s.colors[1] ?? s.colors[0]!)],
      mainCategory: s.leaf[0],
      subCategory: s.leaf[1],
      ...(s.leaf[2] ? { subSubCategory: s.leaf[2] } : {}),
      colorVariants: s.colors.map((color) => ({ color, image: imageUrl(s.id, kind, color) })),
      clothingSizes: s.sizes,
      ...flags,
      date: s.date,
    };
  });
}

/** `count` wire products, as GET /api/product/list would answer them, built in memory. */
export function benchWireProducts(count: number, now = Date.now()): Product[] {
  return Array.from({ length: count }, (_, i) => {
    const s = spec(i, now, 'bench-product');
    const kind = kindFor(s.leaf[0], s.leaf[1], s.leaf[2]);
    return {
      _id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      discount: s.discount,
      image: [imageUrl(s.id, kind, s.colors[0]!)],
      mainCategory: s.leaf[0],
      subCategory: s.leaf[1],
      ...(s.leaf[2] ? { subSubCategory: s.leaf[2] } : {}),
      colorVariants: s.colors.map((color) => ({ color, image: imageUrl(s.id, kind, color) })),
      clothingSizes: s.sizes,
      canvasSizes: [],
      hasAccessory: false,
      accessories: [],
      ...s.flags,
      date: s.date,
    };
  });
}
