import { describe, expect, it } from 'vitest';
import { categoryHref, displayName, isCategoryHidden, MAIN_CATEGORIES, TAXONOMY, visibleMainCategories } from '../../../src/domain/taxonomy';

describe('taxonomy', () => {
  it('has the four main categories of SPEC §3', () => {
    expect(MAIN_CATEGORIES).toEqual(['Figures', 'Fidgets', 'Decoration', 'Widgets']);
    expect(TAXONOMY.Figures).toContain('BEN10');
  });
  it('shows raw values readably', () => {
    expect(displayName('Fidget_Spinners')).toBe('Fidget Spinners');
    expect(displayName('STARWARS')).toBe('Star Wars');
    expect(displayName('BEN10')).toBe('Ben 10');
    expect(displayName('DIY_Kits')).toBe('DIY Kits');
    expect(displayName('Male')).toBe('Male');
  });
});

describe('hidden categories (settings.hiddenCategories, typed by hand)', () => {
  it('leave the navigation in any case of spelling; the rest keep their order', () => {
    expect(visibleMainCategories([])).toEqual(MAIN_CATEGORIES);
    expect(visibleMainCategories(['widgets', 'FIDGETS', 'Nope'])).toEqual(['Figures', 'Decoration']);
    expect(isCategoryHidden('DIY_Kits', ['diy_kits'])).toBe(true);
    expect(isCategoryHidden('Figures', ['Fig'])).toBe(false);
    expect(categoryHref('Figures')).toBe('/collection?category=Figures');
  });
});
