import { describe, expect, it } from 'vitest';
import { displayName, MAIN_CATEGORIES, TAXONOMY } from '../../../src/domain/taxonomy';

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
