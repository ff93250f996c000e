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
