// Bundle size: gzip bytes of the JS (and CSS) that `/` loads — the entry, the start-up stages it
// loads after the first paint, and the Home screen — and what each other lazily-loaded route adds
// on top of that. Reads the chunk graph from Vite's manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BENCH_DIST, ensureBuilt } from '../scripts/bench-lib.mjs';
import { closure, isStaffModule, readManifest, staffChunksForShoppers } from '../scripts/manifest.mjs';

const KB = 1024;
export const targets = { homeJsKb: 150, routeJsKb: 40 };

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export async function run({ root, build = true }) {
  if (build) ensureBuilt(root);
  const dist = BENCH_DIST;
  const manifest = readManifest(dist);
  const size = (keys, kind) =>
    [...keys].reduce((sum, k) => {
      const entry = manifest[k];
      const files = kind === 'css' ? [...(entry.css ?? []), ...(entry.file.endsWith('.css') ? [entry.file] : [])] : entry.file.endsWith('.js') ? [entry.file] : [];
      return sum + files.reduce((s, f) => s + gzipSize(path.join(dist, f)), 0);
    }, 0);

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure(manifest, entryKey);
  // The entry (src/boot.ts) loads the app after the page has painted, in stages: its dynamic imports.
  const startup = new Set(entry);
  for (const k of manifest[entryKey].dynamicImports ?? []) closure(manifest, k, startup);
  const homeKey = Object.keys(manifest).find((k) => /pages\/Home\.tsx$/.test(k));
  const home = homeKey ? closure(manifest, homeKey, new Set(startup)) : startup;

  // engine.io-client's own error text: present in a chunk exactly when socket.io-client is in it.
  const socketChunks = [...home].filter((k) => manifest[k].file.endsWith('.js') && fs.readFileSync(path.join(dist, manifest[k].file), 'utf8').includes('ping timeout'));
  const figures = [
    { figure: 'bundle: JS before the first paint (the entry, src/boot.ts)', value: +(size(entry, 'js') / KB).toFixed(1), unit: 'KB gzip', target: null, better: 'lower' },
    { figure: 'bundle: JS loaded by / (entry, its start-up stages + Home)', value: +(size(home, 'js') / KB).toFixed(1), unit: 'KB gzip', target: targets.homeJsKb, better: 'lower' },
    { figure: 'bundle: CSS loaded by /', value: +(size(home, 'css') / KB).toFixed(1), unit: 'KB gzip', target: null, better: 'lower' },
    { figure: 'bundle: socket.io-client chunks loaded by /', value: socketChunks.length, unit: '', target: 0, better: 'lower' },
    { figure: 'bundle: staff console chunks a shopper can load', value: staffChunksForShoppers(manifest, dist).length, unit: '', target: 0, better: 'lower' },
  ];
  const routes = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k !== homeKey && /\/(pages|features)\//.test(k));
  for (const key of routes.sort()) {
    const own = closure(manifest, key, new Set());
    for (const k of home) own.delete(k);
    // Screens (src/app/pages/*, features' *Page) are routes; anything else lazy is a part a screen loads on use.
    const name = path.basename(key).replace(/\.tsx?$/, '');
    // The staff console's parts are reported without the shopper routes' budget (the target is
    // for what a shopper waits for; staff pages load once per working session).
    // So is the QA panel (with the recorder, the action log and every lazy slice for replays): it
    // loads only in QA mode (`?qa=1`) and in development, never for a shopper.
    const staff = isStaffModule(key);
    const qa = key.includes('src/features/qa/');
    const kind = staff ? 'staff console part' : qa ? 'QA tool part' : /\/pages\/|Page\.tsx$/.test(key) ? 'route' : 'lazy part';
    figures.push({ figure: `bundle: + ${name} ${kind}`, value: +(size(own, 'js') / KB).toFixed(1), unit: 'KB gzip', target: staff || qa ? null : targets.routeJsKb, better: 'lower' });
  }
  return figures;
}
