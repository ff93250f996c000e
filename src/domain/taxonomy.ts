/** The category taxonomy of SPEC §3. URL and database keep raw values; `displayName` makes them readable. */
import { own } from './lookup';
export const FIGURE_BRANDS = ['DC', 'MARVEL', 'STARWARS', 'INVINCIBLE', 'BEN10', 'ANIME', 'INDEPENDENT'] as const;
export const FIGURE_GENDERS = ['Male', 'Female', 'Accessories'] as const;

export const TAXONOMY = {
  Figures: FIGURE_BRANDS,
  Fidgets: ['Fidget_Spinners', 'Stress_Balls', 'Puzzle_Toys', 'Sensory_Toys', 'Magnetic_Toys'],
  Decoration: ['Seasonal', 'Religious', 'Home_Decor', 'Office_Decor', 'Wall_Art'],
  Widgets: ['Home_Gadgets', 'Office_Gadgets', 'DIY_Kits', 'Smart_Gadgets'],
} as const;

export const MAIN_CATEGORIES = Object.keys(TAXONOMY) as (keyof typeof TAXONOMY)[];

const SPECIAL_NAMES: Record<string, string> = {
  DC: 'DC',
  MARVEL: 'Marvel',
  STARWARS: 'Star Wars',
  INVINCIBLE: 'Invincible',
  BEN10: 'Ben 10',
  ANIME: 'Anime',
  INDEPENDENT: 'Independent',
  DIY_Kits: 'DIY Kits',
};

/** Fidget_Spinners → 'Fidget Spinners', STARWARS → 'Star Wars'. */
export function displayName(raw: string): string {
  return own(SPECIAL_NAMES, raw) ?? raw.replace(/_/g, ' ');
}

/** Whether the settings' `hiddenCategories` (typed by hand: any case) hide `name`, a category at any level. */
export function isCategoryHidden(name: string, hiddenCategories: readonly string[]): boolean {
  const n = name.toLowerCase();
  return hiddenCategories.some((h) => String(h).toLowerCase() === n);
}

/**
 * The main categories the shop shows: every navigation (store tabs, category bar, menus, footer,
 * sitemap) lists these, so a category the staff hide disappears from all of them at once.
 */
export function visibleMainCategories(hiddenCategories: readonly string[]): (typeof MAIN_CATEGORIES)[number][] {
  return MAIN_CATEGORIES.filter((c) => !isCategoryHidden(c, hiddenCategories));
}

/** The store's page for a main category. */
export function categoryHref(category: string): string {
  return `/collection?category=${encodeURIComponent(category)}`;
}
