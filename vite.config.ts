import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { devServerRender } from './server/ssr/devRender.ts';
import { startupChunkGroups } from './scripts/startupChunks.ts';

/**
 * V8's explicit compile hint on the chunks every landing page runs as it starts (the start-up
 * stages, the landing chunks, the page's own script): compiled whole on a background thread while
 * they download, rather than function by function on the main thread as the stages and the
 * hydration first call them. Added after minification, which drops comments (the file names'
 * hashes are of the code before it: the comment changes no behaviour).
 */
function startupCompileHints(): Plugin {
  const startup = new Set(startupChunkGroups().map((group) => group.debugName));
  return {
    name: 'startup-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.isEntry || startup.has(chunk.name))) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 4000}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  // In `npm run dev` pages are rendered on the server too (server/ssr/devRender.ts).
  plugins: [react(), devServerRender(apiTarget), startupCompileHints()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/img': apiTarget,
      '/pay': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The server-rendering bundle (src/entry-server.tsx → dist/ssr/, scripts/build.mjs): one
  // self-contained file (some packages, like redux-persist, are not loadable by Node's ESM
  // resolver), with the ESM build of dual packages: react-router-dom's CommonJS build would bring a
  // second copy of react-router, whose router context the links would not see.
  // In development Node loads the CommonJS packages itself (Vite's module runner cannot): only the
  // packages it cannot load, or would load twice, go through Vite.
  ssr: { noExternal: command === 'build' ? true : ['redux-persist', 'react-router', 'react-router-dom'], resolve: { conditions: ['module-sync', 'module', 'import'] } },
  // The bundle renders production React and Redux Toolkit whatever NODE_ENV the server runs with:
  // development checks (serializability, immutability) cost more than the render itself.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, minify: false, sourcemap: true }
    : {
        outDir: 'dist',
        sourcemap: false,
        // dist/.vite/manifest.json: the chunk graph the bundle-size benchmark reads.
        manifest: true,
        modulePreload: false,
        // One chunk per start-up stage (scripts/startupChunks.ts) instead of ~70 small shared ones.
        rolldownOptions: {
          output: {
            codeSplitting: { groups: startupChunkGroups() },
          },
        },
      },
}));
