/**
 * Replays a QA action log through the app's real reducers in Node.
 *
 *   npm run replay -- <log.json> [--until <index>] [--path <path>] [--expect <state.json>] [--check] [--list]
 *
 *   --until N       stop after action N (0-based, as --list numbers them)
 *   --path P        print / compare only that part, e.g. cart.items, session, wishlist.ids[0],
 *                   api.queries["getWishlist(undefined)"].data
 *   --expect FILE   compare with a state file (e.g. the QA panel's "Download state"): a readable
 *                   diff and exit code 1 when they differ
 *   --check         compare with the final state recorded in the log itself
 *   --list          list the steps (index, time since the recording started, action type)
 *
 * Exit codes: 0 replayed (and matched), 1 differs from the expected state, 2 bad arguments or a
 * file that cannot be read or replayed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: npm run replay -- <log.json> [--until <index>] [--path <path>] [--expect <state.json>] [--check] [--list]';

interface Args {
  file: string;
  until?: number;
  path?: string;
  expect?: string;
  check: boolean;
  list: boolean;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { check: false, list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => argv[++i] ?? fail(`${a} needs a value\n${USAGE}`);
    if (a === '--until') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) fail(`--until takes an action index (0, 1, 2, …)\n${USAGE}`);
      args.until = n;
    } else if (a === '--path') args.path = value();
    else if (a === '--expect') args.expect = value();
    else if (a === '--check') args.check = true;
    else if (a === '--list') args.list = true;
    else if (a === '-h' || a === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('-')) fail(`unknown option ${a}\n${USAGE}`);
    else if (args.file) fail(`one log file at a time\n${USAGE}`);
    else args.file = a;
  }
  if (!args.file) fail(USAGE);
  return args as Args;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    return fail(`cannot read ${file}: ${(err as Error).message}`);
  }
}

/**
 * The app's modules, loaded after argument checks. redux-persist's web storage reports at import
 * time that Node has no localStorage; reducing never touches storage, so that one message is dropped.
 */
async function loadApp() {
  const original = console.error;
  console.error = (...parts: unknown[]) => {
    if (typeof parts[0] === 'string' && parts[0].startsWith('redux-persist failed to create sync storage')) return;
    original(...parts);
  };
  try {
    // RTK Query reduces a cached call only if its endpoint is injected: load every feature's API.
    const features = path.resolve(import.meta.dirname, '../src/features');
    for (const dir of fs.readdirSync(features, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      for (const file of fs.readdirSync(path.join(features, dir.name))) {
        if (/Api\.ts$/.test(file)) await import(pathToFileURL(path.join(features, dir.name, file)).href);
      }
    }
    const { diffStates, parseActionLog, pickPath, replayActionLog } = await import('../src/features/qa/actionLog');
    const { createReplayReducer } = await import('../src/features/qa/recorder');
    const { rootReducer } = await import('../src/store/store');
    return { diffStates, parseActionLog, pickPath, replayActionLog, makeReducer: () => createReplayReducer(rootReducer) };
  } finally {
    console.error = original;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const app = await loadApp();
  const parsed = app.parseActionLog(readText(args.file));
  if (!parsed.ok) fail(parsed.error);
  const { log } = parsed;

  if (args.list) {
    log.actions.forEach((a, i) => console.log(`${String(i).padStart(5)}  +${((log.times[i]! - log.startedAt) / 1000).toFixed(2).padStart(8)} s  ${a.type}`));
    if (!args.expect && !args.check) return;
  }

  if (args.until !== undefined && args.until >= log.actions.length) fail(`--until ${args.until}: the log has ${log.actions.length} actions (0–${log.actions.length - 1})`);
  let states;
  try {
    states = app.replayActionLog(log, app.makeReducer, { until: args.until });
  } catch (err) {
    return fail((err as Error).message);
  }
  const replayed = app.pickPath(states.at(-1), args.path);
  const replayedCount = states.length - 1;
  const at = `${replayedCount} of ${log.actions.length} actions${args.path ? `, ${args.path}` : ''}`;

  let expected: unknown;
  let against: string;
  if (args.expect) {
    try {
      expected = JSON.parse(readText(args.expect));
    } catch (err) {
      fail(`${args.expect} is not JSON: ${(err as Error).message}`);
    }
    against = args.expect;
  } else if (args.check) {
    if (!log.finalState) fail('the log has no recorded final state to --check against');
    if (args.until !== undefined) fail('--check compares the whole log; drop --until (or use --expect)');
    expected = log.finalState;
    against = 'the final state recorded in the log';
  } else {
    console.log(JSON.stringify(replayed ?? null, null, 2));
    console.error(`replayed ${at}`);
    return;
  }

  const lines = app.diffStates(app.pickPath(expected, args.path), replayed, 40, args.path ?? '');
  if (lines.length === 0) {
    console.log(`✓ replayed ${at}: matches ${against}`);
    return;
  }
  console.log(`✗ replayed ${at}: differs from ${against}`);
  for (const line of lines) console.log(`  ${line}`);
  process.exit(1);
}

void main();
