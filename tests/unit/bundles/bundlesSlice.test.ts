import { describe, expect, it } from 'vitest';
import { bundleImageChosen, bundleLine, bundlesSlice, carouselMoved, carouselPages, selectBundleImage, selectCarouselPage } from '../../../src/features/bundles/bundlesSlice';

const reduce = bundlesSlice.reducer;
const bundle = { _id: 'bn1', images: ['/a.svg', '/b.svg'] };

describe('bundle view', () => {
  it('shows the first picture until one is chosen, per bundle', () => {
    const start = { bundles: reduce(undefined, { type: '@@init' }) };
    expect(selectBundleImage(start, bundle)).toBe(0);
    const chosen = { bundles: reduce(start.bundles, bundleImageChosen({ bundleId: 'bn1', index: 1 })) };
    expect(selectBundleImage(chosen, bundle)).toBe(1);
    expect(selectBundleImage(chosen, { _id: 'bn2', images: ['/c.svg', '/d.svg'] })).toBe(0);
  });

  it('reads a choice outside the gallery as the first picture', () => {
    const chosen = { bundles: reduce(undefined, bundleImageChosen({ bundleId: 'bn1', index: 5 })) };
    expect(selectBundleImage(chosen, bundle)).toBe(0);
    expect(selectBundleImage(chosen, { _id: 'bn1', images: [] })).toBe(0);
  });

  it("'Add Bundle to Cart' is quantity 1 of the bundle variant", () => {
    expect(bundleLine({ _id: 'bn1' })).toEqual({ itemId: 'bn1', variant: 'bundle', quantity: 1 });
  });
});

describe('home carousel page', () => {
  it('keeps the page asked for, never below 0', () => {
    const s = reduce(undefined, carouselMoved({ page: 2 }));
    expect(selectCarouselPage({ bundles: s })).toBe(2);
    expect(selectCarouselPage({ bundles: reduce(s, carouselMoved({ page: -3 })) })).toBe(0);
  });

  it('shows the page asked for within the pages there are', () => {
    expect(carouselPages(0, 5, 2)).toEqual({ pages: 3, page: 0 });
    expect(carouselPages(2, 5, 2)).toEqual({ pages: 3, page: 2 });
    // A wider screen shows more per page: the same request lands on the last page there is.
    expect(carouselPages(2, 5, 3)).toEqual({ pages: 2, page: 1 });
    expect(carouselPages(4, 0, 3)).toEqual({ pages: 1, page: 0 });
  });
});
