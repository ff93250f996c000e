/**
 * The server's production build (`npm run build`, after the client): every module of server/ compiled
 * to JavaScript one file per module into dist-server/, so `node dist-server/main.js` runs it with no
 * TypeScript loader (tsx forks a child that a SIGKILL leaves holding the port and DATA_DIR).
 *
 * One output file per source file (preserveModules), rooted at server/: paths that modules work out
 * from their own `import.meta.url` (the plugin and route folders app.ts autoloads, the migrations,
 * the repository root two folders up, the pay page's stylesheet) stay the same, and the non-code
 * files they read are copied next to them. Packages stay imports of node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const SERVER = path.resolve(import.meta.dirname, 'server');
const OUT = path.resolve(import.meta.dirname, 'dist-server');
/** Files the compiled modules read from disk beside themselves. */
const ASSETS = ['db/migrations', 'payments/pay.css'];

function serverModules(): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const rel of fs.readdirSync(SERVER, { recursive: true, encoding: 'utf8' })) {
    if (!/\.ts$/.test(rel) || /\.(d|test|spec)\.ts$/.test(rel)) continue;
    inputs[rel.replace(/\.ts$/, '').split(path.sep).join('/')] = path.join(SERVER, rel);
  }
  return inputs;
}

function copyAssets(): Plugin {
  return {
    name: 'layerloft:server-assets',
    apply: 'build',
    writeBundle() {
      for (const rel of ASSETS) fs.cpSync(path.join(SERVER, rel), path.join(OUT, rel), { recursive: true });
    },
  };
}

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  plugins: [copyAssets()],
  build: {
    ssr: true,
    target: 'node20',
    outDir: OUT,
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: serverModules(),
      output: { format: 'esm', preserveModules: true, preserveModulesRoot: SERVER, entryFileNames: '[name].js' },
    },
  },
});
