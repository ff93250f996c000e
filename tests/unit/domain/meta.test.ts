import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, HOME_TITLE, metaDescription, pageTitle } from '../../../src/domain/meta';

describe('page titles', () => {
  it("names a page '<name> | LayerLoft', and the home page by the shop's own line", () => {
    expect(pageTitle('Cart')).toBe('Cart | LayerLoft');
    expect(pageTitle('  Spiral   Wave Vase ')).toBe('Spiral Wave Vase | LayerLoft');
    expect(pageTitle(null)).toBe(HOME_TITLE);
    expect(pageTitle('   ')).toBe(HOME_TITLE);
  });
});

describe('meta descriptions', () => {
  it('keeps a short text on one line, and falls back to the shop description when empty', () => {
    expect(metaDescription('Layered\n  topographic   mountains.')).toBe('Layered topographic mountains.');
    expect(metaDescription('')).toBe(DEFAULT_DESCRIPTION);
    expect(DEFAULT_DESCRIPTION).toContain('$100');
  });

  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const long = 'A hand-painted figure with a cape, a lantern and a very long story about the print bed. '.repeat(4);
    const d = metaDescription(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('…')).toBe(true);
    expect(long.startsWith(d.slice(0, -1))).toBe(true);
    expect(d.slice(0, -1)).not.toMatch(/\s$/);
  });
});
