#!/usr/bin/env node
// `npm run dev`: the API server in watch mode (tsx watch) and Vite's dev server with HMR,
// which proxies /api, /img, /pay and /socket.io to the API server (vite.config.ts) and renders
// every page on the server as production does (server/ssr/devRender.ts, a Vite plugin).
// Stopping it (Ctrl+C, SIGTERM) stops both; when either exits by itself, the other is stopped too.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const apiPort = process.env.API_PORT ?? '4000';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

// Each child is signalled once. tsx watch takes a second signal while its server is still shutting
// down as "force kill" (SIGKILL): the API would die before closing its database and releasing DATA_DIR.
let stopping = null;
const stop = (signal) => {
  if (stopping) return;
  stopping = signal;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code, signal) => {
    // Stopped as asked (Vite exits with 128 + the signal's number, as a process killed by it would)
    // is a clean stop: the command exits 0. Otherwise the first failure is the command's status.
    const asked = stopping !== null && (signal !== null || code === 128 + constants.signals[stopping]);
    if (code && !asked && !process.exitCode) process.exitCode = code;
    stop('SIGTERM');
  });
}
