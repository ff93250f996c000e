#!/usr/bin/env node
// `npm run dev`: the API server in watch mode (tsx watch) and Vite's dev server with HMR,
// which proxies /api, /img, /pay and /socket.io to the API server (vite.config.ts) and renders
// every page on the server as production does (server/ssr/devRender.ts, a Vite plugin).
// Stopping it (Ctrl+C, SIGTERM, the terminal closing) stops both, the API gracefully (its database
// closed, DATA_DIR released); when either exits by itself, the other is stopped too.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const apiPort = process.env.API_PORT ?? '4000';
const children = [
  // In a process group of its own, so that only this script signals it, once. Ctrl+C in a terminal
  // signals the whole foreground group: tsx watch and its server would each get it twice (from the
  // terminal and relayed), and tsx takes a second signal during shutdown as "force kill" (SIGKILL),
  // the server a second SIGINT as Node's default (exit at once). Its stdin is not the terminal: a
  // background group reading it would be stopped (SIGTTIN); tsx only uses it to rerun on Return.
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  // Vite stays in the terminal's group, with its keyboard shortcuts (a repeated SIGINT only ends it sooner).
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const running = (child) => child.exitCode === null && child.signalCode === null;
// Each child is signalled once (see above).
let stopping = null;
const stop = (signal) => {
  if (stopping) return;
  stopping = signal;
  for (const child of children) if (running(child)) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// The terminal closing no longer reaches the API's group: stop it from here.
process.on('SIGHUP', () => stop('SIGTERM'));
// Should this script end some other way (a crash), the API must not stay behind holding the port.
process.on('exit', () => {
  for (const child of children) if (running(child)) child.kill('SIGTERM');
});
for (const child of children) {
  child.on('exit', (code, signal) => {
    // Stopped as asked (Vite exits with 128 + the signal's number, as a process killed by it would)
    // is a clean stop: the command exits 0. Otherwise the first failure is the command's status.
    const asked = stopping !== null && (signal !== null || code === 128 + constants.signals[stopping]);
    if (code && !asked && !process.exitCode) process.exitCode = code;
    stop('SIGTERM');
  });
}
