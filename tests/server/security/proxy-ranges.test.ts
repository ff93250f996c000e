/**
 * TRUST_PROXY ranges that trust everyone: a list such as
 * `0.0.0.0/1,128.0.0.0/1` covers every IPv4 client, so any client could set its own address with
 * X-Forwarded-For and dodge every per-address limit — what refusing `true` is for. IPv4 prefixes
 * shorter than /8 and IPv6 shorter than /32 are refused with a message, and `0.0.0.0/0` no longer
 * stops the start with a stack trace.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

const load = (v: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v, JWT_SECRET: 'x'.repeat(32) }).trustProxy;

describe('TRUST_PROXY ranges', () => {
  it('refuses IPv4 ranges wider than /8 and IPv6 ranges wider than /32, naming the entry', () => {
    for (const bad of ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/0', '10.0.0.0/7', '::/0', '2000::/3', 'fd00::/8', '::ffff:0:0/96', '::ffff:0.0.0.0/100', '127.0.0.1,64.0.0.0/2']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      expect(() => load(bad), bad).toThrow(/trusts too many addresses \(any client there could name its own address\): give the proxies' own addresses or ranges of at least \/8 for IPv4 and \/32 for IPv6/);
    }
  });

  it('accepts the narrowest ranges allowed and single addresses', () => {
    expect(load('10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104,192.168.1.7')).toEqual(['10.0.0.0/8', '2001:db8::/32', '::ffff:10.0.0.0/104', '192.168.1.7']);
  });

  it('the server given TRUST_PROXY=0.0.0.0/0 exits with the message, not a stack trace', () => {
    const root = path.resolve(__dirname, '../../..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', TRUST_PROXY: '0.0.0.0/0', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent-layerloft-data', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr + r.stdout).toContain('TRUST_PROXY="0.0.0.0/0": 0.0.0.0/0 trusts too many addresses');
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at \S+ \(/);
  });
});
