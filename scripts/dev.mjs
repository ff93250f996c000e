#!/usr/bin/env node
// `npm run dev`: the API server in watch mode (tsx watch) and Vite's dev server with HMR,
// which proxies /api, /img, /pay and /socket.io to the API server (vite.config.ts) and renders
// every page on the server as production does (server/ssr/devRender.ts, a Vite plugin).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4000';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
