import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderHome } from './scripts/prerenderPlugin.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 4000}`;

export default defineConfig({
  plugins: [react(), prerenderHome()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/img': apiTarget,
      '/pay': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the bundle-size benchmark reads.
    manifest: true,
  },
});
