import { describe, expect, it } from 'vitest';
import { pictureSources } from '../../../src/domain/pictures';

describe('product picture sources', () => {
  it('offers a generated picture as WebP at every rendered width, keeping its kind and colour', () => {
    expect(pictureSources('/img/p/abc-2.svg?k=figure&c=e63946')).toEqual({
      src: '/img/p/abc-2-360.webp?k=figure&c=e63946',
      srcSet:
        '/img/p/abc-2-120.webp?k=figure&c=e63946 120w, /img/p/abc-2-240.webp?k=figure&c=e63946 240w, /img/p/abc-2-360.webp?k=figure&c=e63946 360w, /img/p/abc-2-540.webp?k=figure&c=e63946 540w, /img/p/abc-2-720.webp?k=figure&c=e63946 720w',
    });
  });

  it('keeps the backend origin in front of each source', () => {
    expect(pictureSources('https://api.shop.test/img/p/abc.svg').src).toBe('https://api.shop.test/img/p/abc-360.webp');
  });

  it('leaves any other picture as it is', () => {
    for (const url of ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-640.webp', '/img/placeholder.svg', 'https://cdn.test/x.svg']) expect(pictureSources(url)).toEqual({ src: url });
  });
});
