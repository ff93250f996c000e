import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY,
  changeStoreQuery,
  withoutHiddenCategories,
  hasActiveFilters,
  parseStoreQuery,
  serializeStoreQuery,
  toggled,
  type StoreQuery,
} from '../../../src/domain/storeQuery';

const q = (over: Partial<StoreQuery>): StoreQuery => ({ ...DEFAULT_QUERY, ...over });

describe('parsing the store url', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseStoreQuery('')).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY).toMatchObject({ sort: 'featured', page: 1, maxPrice: 150, category: null, search: '' });
  });

  it('reads every parameter', () => {
    const parsed = parseStoreQuery(
      'category=Figures&brand=MARVEL&subCategory=DC&subSubCategory=Female&color=Red&color=Blue&options=sale&priceRange=40&rating=4&sort=price-asc&section=new&page=2&q=knight',
    );
    expect(parsed).toEqual({
      category: 'Figures',
      subCategories: ['DC', 'MARVEL'],
      subSubCategories: ['Female'],
      colors: ['Red', 'Blue'],
      availability: ['sale'],
      maxPrice: 40,
      section: 'new',
      search: 'knight',
      minRating: 4,
      sort: 'price-asc',
      page: 2,
    });
  });

  it('accepts comma lists, any case, and canonicalises spelling', () => {
    const parsed = parseStoreQuery('category=fidgets&subCategory=fidget_spinners,STRESS_BALLS&section=SALE&sort=NEWEST');
    expect(parsed.category).toBe('Fidgets');
    expect(parsed.subCategories).toEqual(['Fidget_Spinners', 'Stress_Balls']);
    expect(parsed.section).toBe('sale');
    expect(parsed.sort).toBe('newest');
  });

  it('maps the old sort names', () => {
    expect(parseStoreQuery('sort=low-high').sort).toBe('price-asc');
    expect(parseStoreQuery('sort=high-low').sort).toBe('price-desc');
    expect(parseStoreQuery('sort=relevant').sort).toBe('featured');
  });

  it('ignores bad values without throwing', () => {
    const bad = parseStoreQuery(
      'category=Spaceships&brand=NOPE&subSubCategory=Robots&options=free&priceRange=abc&sort=random&section=vip&page=-3&color=',
    );
    expect(bad).toEqual(DEFAULT_QUERY);
    expect(parseStoreQuery('priceRange=500').maxPrice).toBe(150);
    expect(parseStoreQuery('priceRange=-1').maxPrice).toBe(150);
    expect(parseStoreQuery('priceRange=37.6').maxPrice).toBe(38);
    expect(parseStoreQuery('priceRange=0').maxPrice).toBe(0);
    expect(parseStoreQuery('page=1.5').page).toBe(1);
    expect(parseStoreQuery('page=1e9').page).toBe(1);
    expect(() => parseStoreQuery('q=%E0%A4%A&color=%FF')).not.toThrow();
    expect(() => parseStoreQuery('%%%&&&==')).not.toThrow();
  });

  it('drops subcategories that do not belong to the chosen category', () => {
    expect(parseStoreQuery('category=Fidgets&brand=MARVEL').subCategories).toEqual([]);
    expect(parseStoreQuery('brand=MARVEL&subCategory=Wall_Art').subCategories).toEqual(['Wall_Art', 'MARVEL']);
    expect(parseStoreQuery('category=Decoration&subSubCategory=Male').subSubCategories).toEqual([]);
  });

  it('caps long texts and long lists', () => {
    expect(parseStoreQuery(`q=${'a'.repeat(500)}`).search).toHaveLength(100);
    const many = Array.from({ length: 50 }, (_, i) => `color=c${i}`).join('&');
    expect(parseStoreQuery(many).colors).toHaveLength(20);
    expect(parseStoreQuery('color=Red&color=Red,Red').colors).toEqual(['Red']);
    expect(parseStoreQuery('q=%20%20').search).toBe('');
  });
});

describe('serialising the store url', () => {
  it('leaves defaults out', () => {
    expect(serializeStoreQuery(DEFAULT_QUERY)).toBe('');
  });

  it('writes Figures subcategories as brand and others as subCategory', () => {
    expect(serializeStoreQuery(q({ category: 'Figures', subCategories: ['MARVEL'] }))).toBe('category=Figures&brand=MARVEL');
    expect(serializeStoreQuery(q({ category: 'Fidgets', subCategories: ['Puzzle_Toys'] }))).toBe('category=Fidgets&subCategory=Puzzle_Toys');
  });

  it('round-trips every field', () => {
    const full = q({
      category: 'Figures',
      subCategories: ['DC', 'ANIME'],
      subSubCategories: ['Male'],
      colors: ['Red', 'Sky Blue'],
      availability: ['inStock', 'limited'],
      maxPrice: 75,
      section: 'bestsellers',
      search: 'star & moon',
      sort: 'name-asc',
      page: 3,
    });
    expect(parseStoreQuery(serializeStoreQuery(full))).toEqual(full);
  });
});

describe('changing the view', () => {
  it('returns to page 1 when a filter or the sort changes', () => {
    const onPage3 = q({ page: 3 });
    expect(changeStoreQuery(onPage3, { search: 'x' }).page).toBe(1);
    expect(changeStoreQuery(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(changeStoreQuery(onPage3, { maxPrice: 40 }).page).toBe(1);
    expect(changeStoreQuery(onPage3, { page: 2 }).page).toBe(2);
  });

  it('drops the filters of the category left when the tab changes, "All" included', () => {
    const figures = q({ category: 'Figures', subCategories: ['MARVEL'], subSubCategories: ['Male'], colors: ['Red'] });
    expect(changeStoreQuery(figures, { category: 'Fidgets' })).toMatchObject({ category: 'Fidgets', subCategories: [], subSubCategories: [], colors: ['Red'] });
    // The "All" tab has no brand checkboxes: a Marvel chip kept there could not be unticked.
    expect(changeStoreQuery(figures, { category: null })).toMatchObject({ category: null, subCategories: [], subSubCategories: [], colors: ['Red'] });
    // A change that names the new category's own choices (a link to Figures › Marvel) keeps them.
    expect(changeStoreQuery(q({}), { category: 'Figures', subCategories: ['MARVEL'] })).toMatchObject({ category: 'Figures', subCategories: ['MARVEL'] });
  });

  it('knows when filters are active and toggles list values', () => {
    expect(hasActiveFilters(DEFAULT_QUERY)).toBe(false);
    expect(hasActiveFilters(q({ sort: 'newest', page: 4 }))).toBe(false);
    expect(hasActiveFilters(q({ maxPrice: 149 }))).toBe(true);
    expect(hasActiveFilters(q({ search: '  ' }))).toBe(false);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggled(['a'], 'c')).toEqual(['a', 'c']);
  });
});

describe('the view under the settings', () => {
  it('shows the default view for a hidden category, drops hidden brands and lines, and keeps the object when nothing is hidden', () => {
    const widgets = q({ category: 'Widgets', subCategories: ['DIY_Kits'], sort: 'newest', page: 2 });
    expect(withoutHiddenCategories(widgets, ['widgets'])).toEqual(DEFAULT_QUERY);
    const marvel = q({ category: 'Figures', subCategories: ['MARVEL', 'DC'], subSubCategories: ['Female'] });
    expect(withoutHiddenCategories(marvel, ['Marvel', 'female'])).toEqual({ ...marvel, subCategories: ['DC'], subSubCategories: [] });
    expect(withoutHiddenCategories(marvel, ['Widgets'])).toBe(marvel);
    expect(withoutHiddenCategories(marvel, [])).toBe(marvel);
  });
});
