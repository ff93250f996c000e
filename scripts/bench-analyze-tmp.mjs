import { build } from 'vite';
import zlib from 'node:zlib';
const out = {};
await build({ logLevel: 'warn', build: { outDir: '/tmp/perf/dist', emptyOutDir: true, write: true }, plugins: [{ name: 'an', generateBundle(_o, bundle) {
  for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') out[f] = { size: c.code.length, gz: zlib.gzipSync(c.code).length, mods: Object.entries(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(process.cwd(), ''), m.renderedLength]).sort((a,b)=>b[1]-a[1]), imports: c.imports, dyn: c.dynamicImports };
}}]});
const target = process.argv[2] ?? 'index';
for (const [f, c] of Object.entries(out)) if (f.includes(target)) {
  console.log(f, c.size, c.gz, 'imports', c.imports.join(' '));
  const groups = {};
  for (const [id, n] of c.mods) { const g = id.startsWith('nm/') ? id.split('/').slice(1, id.split('/')[1].startsWith('@') ? 3 : 2).join('/') : id.split('/').slice(0,3).join('/'); groups[g] = (groups[g] ?? 0) + n; }
  console.log(Object.entries(groups).sort((a,b)=>b[1]-a[1]).slice(0, 40));
  console.log(c.mods.slice(0, 60).map(m=>m.join(' ')).join('\n'));
}
