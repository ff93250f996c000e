import fs from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, startServer, tempDir } from './scripts/bench-lib.mjs';
const dataDir = tempDir('lh1');
const server = await startServer(process.cwd(), { dataDir });
const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
try {
  for (const p of process.argv.slice(2)) {
    const r = await lighthouse(server.url + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = r.lhr.audits;
    console.log(p, 'TBT', a['total-blocking-time'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue);
    console.log(' breakdown', a['mainthread-work-breakdown'].details.items.map((i) => `${i.group}:${Math.round(i.duration)}`).join(' '));
    console.log(' bootup', a['bootup-time'].details.items.slice(0, 6).map((i) => `${i.url.replace(server.url, '')} total ${Math.round(i.total)} script ${Math.round(i.scripting)} parse ${Math.round(i.scriptParseCompile)}`).join('\n   '));
    console.log(' long tasks', (a['long-tasks']?.details?.items ?? []).map((i) => `${i.url.replace(server.url, '')}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(' '));
    const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet; console.log(' lcp el', lcp);
    const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items; console.log(' lcp phases', JSON.stringify(phases));
  }
} finally { chrome.kill(); await server.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); }
