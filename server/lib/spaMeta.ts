import type { FastifyInstance } from 'fastify';
import { metaDescription, pageTitle, SITE_NAME } from '../../src/domain/meta';
import { isBundleActive, isPurchasable, salePrice } from '../../src/domain/pricing';
import type { RatingSummary, Review } from '../../src/domain/reviews';
import type { Bundle, Product } from '../../src/domain/types';
import { publicOrigin } from './publicOrigin';

/**
 * The SPA's index.html with the page's own title, description, Open Graph tags and JSON-LD
 * Product data (with its star rating and first reviews) written in, for /product/{id} and
 * /bundle/{id}: link previews and search engines
 * that run no JavaScript see what the page is about. Other paths (and unknown ids) get the plain
 * shell. The CSP (`script-src 'self'`) does not apply to `application/ld+json`: it is data, never run.
 */

const ID_RE = /^[0-9a-f]{24}$/i;
const SCHEMA = 'https://schema.org/';

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are written as
 * unicode escapes (still the same JSON), so no value can close the script (`</script>`) or open
 * a comment (`<!--`); U+2028/2029 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type: string;
  jsonLd: Record<string, unknown>;
}

/** schema.org availability of a product, from the same purchasable rule checkout applies. */
export function productAvailability(p: Product): string {
  if (isPurchasable(p)) return `${SCHEMA}${p.preOrder ? 'PreOrder' : 'InStock'}`;
  if (p.vaulted) return `${SCHEMA}Discontinued`;
  // Out of stock, or coming soon / not yet available: cannot be ordered today.
  return `${SCHEMA}OutOfStock`;
}

/** The URL of a picture of this site, or undefined: a stored path that resolves to another host is never announced as ours. */
function absolute(origin: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, `${origin}/`);
    return resolved.origin === new URL(origin).origin ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/** The approved reviews a product page shows first, for its JSON-LD (search engines show the stars). */
export interface ProductReviews {
  summary: RatingSummary;
  reviews: readonly Review[];
}

/** schema.org `aggregateRating` and `review` of a product with approved reviews; nothing while it has none. */
export function reviewsJsonLd(r: ProductReviews | undefined): Record<string, unknown> {
  if (!r || r.summary.count === 0) return {};
  const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: r.summary.average, reviewCount: r.summary.count, bestRating: 5, worstRating: 1 },
    review: r.reviews.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: review.author },
      reviewRating: rating(review.rating),
    })),
  };
}

export function productMeta(p: Product, origin: string, now = Date.now(), reviews?: ProductReviews): PageMeta {
  const url = `${origin}/product/${p._id}`;
  const images = (p.image ?? []).map((i) => absolute(origin, i)).filter((i): i is string => !!i);
  const description = metaDescription(p.description);
  return {
    title: pageTitle(p.name),
    description,
    url,
    image: images[0],
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: p.description,
      sku: p._id,
      url,
      ...(images.length ? { image: images } : {}),
      category: [p.mainCategory, p.subCategory, p.subSubCategory].filter(Boolean).join(' > '),
      brand: { '@type': 'Brand', name: SITE_NAME },
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'USD',
        price: salePrice(p).toFixed(2),
        availability: productAvailability(p),
        itemCondition: `${SCHEMA}NewCondition`,
        ...(p.discount > 0 ? { priceValidUntil: new Date(now + 30 * 86_400_000).toISOString().slice(0, 10) } : {}),
      },
      ...reviewsJsonLd(reviews),
    },
  };
}

export function bundleMeta(b: Bundle, origin: string, now = Date.now()): PageMeta {
  const url = `${origin}/bundle/${b._id}`;
  const images = (b.images ?? []).map((i) => absolute(origin, i)).filter((i): i is string => !!i);
  const active = isBundleActive(b, now);
  return {
    title: pageTitle(b.title),
    description: metaDescription(b.description),
    url,
    image: images[0],
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: b.title,
      description: b.description,
      sku: b._id,
      url,
      ...(images.length ? { image: images } : {}),
      category: 'Bundle',
      brand: { '@type': 'Brand', name: SITE_NAME },
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'USD',
        price: Number(b.price).toFixed(2),
        // A bundle is sold only inside its window (and never once cancelled).
        availability: `${SCHEMA}${active ? 'LimitedAvailability' : b.cancelled || Date.parse(b.endDate) <= now ? 'Discontinued' : 'PreSale'}`,
        ...(b.startDate ? { validFrom: b.startDate } : {}),
        ...(b.endDate ? { priceValidUntil: b.endDate.slice(0, 10) } : {}),
        itemCondition: `${SCHEMA}NewCondition`,
      },
    },
  };
}

/** Writes the meta into the shell: replaces the title and description, drops any OG/Twitter tags, adds the page's. */
export function injectMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    // No preload of `meta.image` here: it is the SVG art, and the page shows a raster picture of it
    // (srcset), which the server's render preloads itself (React's preload of the high-priority
    // <img>): a preload of the SVG was 2 KB fetched and never used on every product and bundle page.
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`,
  ].join('\n    ');
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let out = html
    .replace(/<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(meta.title)}</title>`);
  out = /<meta\s+name="description"[^>]*>/i.test(out) ? out.replace(/<meta\s+name="description"[^>]*>/i, () => description) : out.replace(/<\/head>/i, () => `${description}\n  </head>`);
  return out.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/** `html` with the page's meta for /product/{id} and /bundle/{id}; unchanged for any other path or an unknown id. */
export async function withPageMeta(app: FastifyInstance, url: string, html: string): Promise<string> {
  const match = /^\/(product|bundle)\/([^/?#]+)\/?$/.exec(url.split('?')[0]!);
  if (!match || !ID_RE.test(match[2]!)) return html;
  const id = match[2]!.toLowerCase();
  try {
    let meta: PageMeta | undefined;
    if (match[1] === 'product') {
      const product = await app.catalog.getProduct(id);
      if (product) {
        // The first page the product page shows (most recent first): what a crawler reads there too.
        const [summary, first] = await Promise.all([app.reviews.summary(id), app.reviews.page(id, { sort: 'recent', stars: null, page: 1 })]);
        meta = productMeta(product, publicOrigin(app), Date.now(), { summary, reviews: first });
      }
    } else {
      const bundle = (await app.catalog.listBundles()).find((b) => b._id === id);
      if (bundle) meta = bundleMeta(bundle, publicOrigin(app));
    }
    return meta ? injectMeta(html, meta) : html;
  } catch (err) {
    // The page still works: it describes itself once its script runs.
    app.log.warn({ err }, 'could not write page meta');
    return html;
  }
}
