#!/usr/bin/env node
// `npm run build`: the client into dist/ (vite.config.ts) and the server compiled to JavaScript into
// dist-server/ (vite.server.config.ts), which `npm start` runs with plain node, and the server-rendering
// bundle of the app (src/entry-server.tsx) into dist/ssr/, beside the client it renders for.
// Options: `--outDir <dir>` for the client (the bench builds into its own folder), `--logLevel <level>`.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'vite';

const { values } = parseArgs({ options: { outDir: { type: 'string' }, logLevel: { type: 'string', default: 'info' } } });
const logLevel = /** @type {import('vite').LogLevel} */ (values.logLevel);

await build({ logLevel, build: values.outDir ? { outDir: values.outDir, emptyOutDir: true } : {} });
await build({ configFile: 'vite.server.config.ts', logLevel: logLevel === 'info' ? 'warn' : logLevel });
await build({ logLevel: logLevel === 'info' ? 'warn' : logLevel, build: { ssr: 'src/entry-server.tsx', outDir: `${values.outDir ?? 'dist'}/ssr` } });

// The hashed scripts and styles, compressed once here at the strongest settings (the server sends
// these files as they are, server/app.ts `preCompressed`): brotli 11 is ~12% smaller than the
// quality-4 brotli the server can afford per response, and costs it nothing at run time.
const assets = path.join(values.outDir ?? 'dist', 'assets');
for (const file of fs.readdirSync(assets).filter((f) => /\.(?:js|css)$/.test(f))) {
  const body = fs.readFileSync(path.join(assets, file));
  if (body.length < 1024) continue;
  fs.writeFileSync(path.join(assets, `${file}.br`), zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  fs.writeFileSync(path.join(assets, `${file}.gz`), zlib.gzipSync(body, { level: 9 }));
}
