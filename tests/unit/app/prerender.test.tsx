// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hoistEmotionStyles, withInlineStylesheets, withoutModulePreloads, withPrerenderedRoot } from '../../../scripts/prerenderPlugin';
import { renderFrame, renderPage } from '../../../src/prerender';

const SHELL = '<!doctype html><html><head><title>LayerLoft</title></head><body><div id="root"></div></body></html>';

describe('the prerendered home page (issue 9)', () => {
  it('renders what a first-time visitor sees, with no script', async () => {
    const html = await renderPage('/');
    expect(html).toContain('Playful things,');
    expect(html).toContain('Shop the store');
    // Header and footer come with it; the product sections are their loading skeletons.
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toContain('<footer');
    expect(html).toContain('Loading best sellers…');
    // No outlined Suspense boundary: the page must show without running any script.
    expect(html).not.toMatch(/<script|<template/i);
    expect(html).not.toContain('Loading page…');
  });

  it('renders the page frame for every other route: header and footer around the page placeholder', async () => {
    const html = await renderFrame();
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toContain('<footer');
    expect(html).toContain('Loading page…');
    expect(html).not.toContain('Playful things');
    expect(html).not.toMatch(/<script|<template/i);
  });

  it('moves emotion styles into one head tag the client cache adopts, keeping global ones apart', () => {
    const markup =
      '<style data-emotion="css-global abc">body{margin:0}</style><style data-emotion="css x1">.css-x1{color:red}</style><p class="css-x1">a</p>' +
      '<style data-emotion="css y2 anim">.css-y2{color:blue}@keyframes anim{}</style><span class="css-y2">b</span>';
    const { markup: body, head } = hoistEmotionStyles(markup);
    expect(body).toBe('<p class="css-x1">a</p><span class="css-y2">b</span>');
    expect(head).toContain('<style data-emotion="css-global abc">body{margin:0}</style>');
    expect(head).toContain('<style data-emotion="css x1 y2 anim">.css-x1{color:red}.css-y2{color:blue}@keyframes anim{}</style>');
  });

  it('writes the markup into the root and its styles into the head, and refuses inline scripts', () => {
    const page = withPrerenderedRoot(SHELL, '<style data-emotion="css a">.css-a{}</style><h1 class="css-a">Hi</h1>');
    expect(page).toContain('<div id="root"><h1 class="css-a">Hi</h1></div>');
    expect(page).toMatch(/<style data-emotion="css a">\.css-a\{\}<\/style>\s*<\/head>/);
    expect(() => withPrerenderedRoot(SHELL, '<script>alert(1)</script>')).toThrow(/inline script/);
    expect(() => withPrerenderedRoot('<body></body>', '<p></p>')).toThrow(/root/);
  });

  it("drops the entry's module preloads from the home page only", () => {
    const head = '<head><script type="module" src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/a-1.js">\n</head>';
    expect(withoutModulePreloads(head)).toBe('<head><script type="module" src="/assets/index-1.js"></script>\n</head>');
  });

  it('inlines a small entry stylesheet', () => {
    const shell = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><div id="root"></div>';
    const inlined = withInlineStylesheets(shell, (href) => (href === 'assets/index-1.css' ? '@font-face{font-family:X}' : ''));
    expect(inlined).toBe('<head><style>@font-face{font-family:X}</style></head><div id="root"></div>');
    // A large one stays a file.
    expect(withInlineStylesheets(shell, () => 'a'.repeat(5000))).toBe(shell);
  });
});
