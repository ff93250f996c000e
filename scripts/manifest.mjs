// The client's chunk graph as Vite's build manifest (dist/.vite/manifest.json) records it: read by the
// bundle-size benchmark (bench/bundle.mjs) and by the browser test that keeps the staff console out
// of what shoppers load (tests/e2e/staff-ops.test.ts). Plain JS, so the benchmark needs no compiler;
// its types are in manifest.d.mts.
import fs from 'node:fs';
import path from 'node:path';

/** The manifest of the build in `dist`. */
export function readManifest(dist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** Every chunk statically reachable from `key` (the chunk itself included), added to `seen`. */
export function closure(manifest, key, seen = new Set()) {
  const stack = [key];
  while (stack.length) {
    const k = stack.pop();
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    stack.push(...(manifest[k].imports ?? []));
  }
  return seen;
}

/** The staff console's own modules (its screens and its lazy catalog editors). */
export const isStaffModule = (key) => key.startsWith('src/features/staff/');

/** What only staff code holds: the staff API's paths and the console's own action types. */
const STAFF_CODE = /\/api\/staff\/|staff\/inboxSearchEdited/;

/**
 * Chunks a shopper's pages can load (the entry and every lazy part outside the staff console, with
 * what they import) that hold staff console code: one of its modules, or JS with its API paths or
 * action types. Empty when the console is a chunk of its own.
 */
export function staffChunksForShoppers(manifest, dist) {
  const reached = new Set();
  for (const k of Object.keys(manifest).filter((k) => manifest[k].isEntry || (manifest[k].isDynamicEntry && !isStaffModule(k)))) closure(manifest, k, reached);
  return [...reached].filter((k) => isStaffModule(k) || (manifest[k].file.endsWith('.js') && STAFF_CODE.test(fs.readFileSync(path.join(dist, manifest[k].file), 'utf8'))));
}
