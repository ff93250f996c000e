#!/usr/bin/env node
// Runs before `npm test` (npm's pretest): makes sure the browser the e2e tests drive is installed.
// Debian's chromium is the only browser that works here (no downloads but the package registries).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const apt = (args) => spawnSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['apt-get', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });

console.log(`${CHROMIUM} is missing: installing Debian's chromium package for the browser tests…`);
if (apt(['update', '-qq']).status !== 0 || apt(['install', '-y', '-qq', 'chromium']).status !== 0 || !existsSync(CHROMIUM)) {
  console.error('Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
