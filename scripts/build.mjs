#!/usr/bin/env node
// `npm run build`: the client into dist/ (vite.config.ts) and the server compiled to JavaScript into
// dist-server/ (vite.server.config.ts), which `npm start` runs with plain node, and the server-rendering
// bundle of the app (src/entry-server.tsx) into dist/ssr/, beside the client it renders for.
// Options: `--outDir <dir>` for the client (the bench builds into its own folder), `--logLevel <level>`.
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({ options: { outDir: { type: 'string' }, logLevel: { type: 'string', default: 'info' } } });
const logLevel = /** @type {import('vite').LogLevel} */ (values.logLevel);

await build({ logLevel, build: values.outDir ? { outDir: values.outDir, emptyOutDir: true } : {} });
await build({ configFile: 'vite.server.config.ts', logLevel: logLevel === 'info' ? 'warn' : logLevel });
await build({ logLevel: logLevel === 'info' ? 'warn' : logLevel, build: { ssr: 'src/entry-server.tsx', outDir: `${values.outDir ?? 'dist'}/ssr` } });
