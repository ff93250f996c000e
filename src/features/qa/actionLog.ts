import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { redact } from '../../store/devtools';
import { own } from '../../domain/lookup';
import type { ActionLogFile } from '../../store/slots';

export type { ActionLogFile };

/**
 * The QA action log: one JSON file a tester hands over and a developer replays — in the
 * running app (QA panel), in Node (`npm run replay`) and in Redux DevTools (Import).
 *
 * Version 2, one JSON object:
 *
 *   format          'layerloft-action-log'
 *   version         2 (version 1 logs are read too: see `V1_RENAMED_SLICES`)
 *   app             'LayerLoft'
 *   startedAt       ms epoch when the recorded state below was taken (the store's clock)
 *   savedAt         ms epoch when the file was written
 *   dropped         actions that fell out of the recorder's ring buffer before the first one here
 *                   (the preloaded state already includes their effect)
 *   redacted        true: tokens, passwords, card data, reset tokens, payment sessions are '[REDACTED]'
 *   steps           [{ type, at }] — one per action, in order: a readable index with each action's time
 *   payload         JSON string of the action array        ┐ Redux DevTools' export shape: its
 *   preloadedState  JSON string of the state before them    ┘ Import loads these two fields as is
 *   finalState      (optional) JSON string of the state after the last action, as the app had it
 *
 * Every value went through the DevTools sanitizer (`redact`) and a JSON round trip, so what a
 * replay reduces is exactly what the file holds.
 */
export const LOG_FORMAT: ActionLogFile['format'] = 'layerloft-action-log';
export const LOG_VERSION: ActionLogFile['version'] = 2;
/**
 * Version 2 names two slices as the design card does; a version 1 log is read by renaming its state
 * keys and its actions' type prefixes, so a tester's old file still replays.
 */
export const V1_RENAMED_SLICES: Readonly<Record<string, string>> = { productSelection: 'catalog', bundleView: 'bundles' };
/** A sanity bound: far above the recorder's ring buffer, low enough to refuse absurd files. */
export const MAX_LOG_ACTIONS = 100_000;

export type LogState = Record<string, unknown>;



/** The file, parsed and validated. */
export interface ActionLog {
  startedAt: number;
  savedAt: number;
  dropped: number;
  preloadedState: LogState;
  actions: UnknownAction[];
  times: number[];
  finalState: LogState | null;
}

export type ParseResult = { ok: true; log: ActionLog } | { ok: false; error: string };

/** What a log may hold: secrets redacted, then only what JSON keeps (no functions, Requests, Errors' prototypes). */
export function toLogValue<T>(value: T): T {
  const text = JSON.stringify(redact(value));
  return (text === undefined ? undefined : JSON.parse(text)) as T;
}

export interface BuildInput {
  preloadedState: unknown;
  actions: ReadonlyArray<{ action: UnknownAction; at: number }>;
  startedAt: number;
  savedAt: number;
  dropped?: number;
  finalState?: unknown;
}

/** Builds the file (redacting again: a caller other than the recorder cannot leak a secret). */
export function buildActionLog(input: BuildInput): ActionLogFile {
  const actions = input.actions.map((entry) => toLogValue(entry.action));
  const file: ActionLogFile = {
    format: LOG_FORMAT,
    version: LOG_VERSION,
    app: 'LayerLoft',
    startedAt: input.startedAt,
    savedAt: input.savedAt,
    dropped: input.dropped ?? 0,
    redacted: true,
    steps: input.actions.map((entry, i) => ({ type: actions[i]!.type, at: entry.at })),
    payload: JSON.stringify(actions),
    preloadedState: JSON.stringify(toLogValue(input.preloadedState) ?? {}),
  };
  if (input.finalState !== undefined) file.finalState = JSON.stringify(toLogValue(input.finalState));
  return file;
}

/** The file's text: one step per line, so a log is readable and diffable. */
export function serializeActionLog(file: ActionLogFile): string {
  const { steps, payload, preloadedState, finalState, ...head } = file;
  const lines = [
    '{',
    ...Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
    '  "steps": [',
    steps.map((s) => `    ${JSON.stringify(s)}`).join(',\n'),
    '  ],',
    `  "payload": ${JSON.stringify(payload)},`,
    `  "preloadedState": ${JSON.stringify(preloadedState)}${finalState === undefined ? '' : ','}`,
    ...(finalState === undefined ? [] : [`  "finalState": ${JSON.stringify(finalState)}`]),
    '}',
    '',
  ];
  return lines.filter((l) => l !== '').join('\n') + '\n';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseJsonField(value: unknown, name: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof value !== 'string') return { ok: false, error: `"${name}" must be a JSON string (Redux DevTools' export shape).` };
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch (err) {
    return { ok: false, error: `"${name}" is not valid JSON (${(err as Error).message}).` };
  }
}

function renameV1Type(type: string): string {
  const slash = type.indexOf('/');
  const renamed = slash > 0 ? own(V1_RENAMED_SLICES, type.slice(0, slash)) : undefined;
  return renamed ? `${renamed}${type.slice(slash)}` : type;
}

function renameV1Action(action: unknown): unknown {
  return isRecord(action) && typeof action.type === 'string' ? { ...action, type: renameV1Type(action.type) } : action;
}

/** A version 1 state with its renamed slices under today's keys (key order kept, for readable diffs). */
function renameV1State(state: LogState): LogState {
  return Object.fromEntries(Object.entries(state).map(([key, value]) => [own(V1_RENAMED_SLICES, key) ?? key, value]));
}

const refuse = (error: string): ParseResult => ({ ok: false, error: `This file cannot be replayed: ${error}` });

/**
 * Reads a log file. Everything is checked before anything is returned, so a corrupt or foreign
 * file is refused as a whole with one clear message — a replay never starts half-way.
 */
export function parseActionLog(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('it is not JSON. Choose a LayerLoft action log (.json) saved from the QA panel.');
  }
  if (!isRecord(raw)) return refuse('it is not a LayerLoft action log (expected a JSON object).');
  if (raw.format !== LOG_FORMAT) {
    if (raw.format === undefined && 'payload' in raw) {
      return refuse('it looks like a plain Redux DevTools export; the QA panel and `npm run replay` read LayerLoft action logs (format "layerloft-action-log").');
    }
    return refuse(`it is not a LayerLoft action log (format ${JSON.stringify(raw.format ?? null)}).`);
  }
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version)) return refuse('its version is missing.');
  if (raw.version > LOG_VERSION) return refuse(`it was written by a newer version of the format (v${raw.version}); this build reads v${LOG_VERSION}.`);
  if (raw.version !== LOG_VERSION && raw.version !== 1) return refuse(`format version ${raw.version} is not supported (this build reads v1 and v${LOG_VERSION}).`);
  const fromV1 = raw.version === 1;

  const payload = parseJsonField(raw.payload, 'payload');
  if (!payload.ok) return refuse(payload.error);
  if (!Array.isArray(payload.value)) return refuse('"payload" must hold an array of actions.');
  const actions = fromV1 ? payload.value.map(renameV1Action) : (payload.value as unknown[]);
  if (actions.length > MAX_LOG_ACTIONS) return refuse(`it holds ${actions.length} actions; at most ${MAX_LOG_ACTIONS} are read.`);
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (!isRecord(a) || typeof a.type !== 'string' || !a.type) return refuse(`action ${i} has no type.`);
  }

  const preloaded = parseJsonField(raw.preloadedState, 'preloadedState');
  if (!preloaded.ok) return refuse(preloaded.error);
  if (!isRecord(preloaded.value)) return refuse('"preloadedState" must hold the store state (an object).');

  let finalState: LogState | null = null;
  if (raw.finalState !== undefined) {
    const final = parseJsonField(raw.finalState, 'finalState');
    if (!final.ok) return refuse(final.error);
    if (!isRecord(final.value)) return refuse('"finalState" must hold the store state (an object).');
    finalState = final.value;
  }

  if (!Array.isArray(raw.steps)) return refuse('"steps" (the action times) is missing.');
  if (raw.steps.length !== actions.length) return refuse(`"steps" lists ${raw.steps.length} actions but "payload" holds ${actions.length}.`);
  const times: number[] = [];
  for (let i = 0; i < raw.steps.length; i++) {
    const step = raw.steps[i] as unknown;
    if (!isRecord(step) || typeof step.at !== 'number' || !Number.isFinite(step.at)) return refuse(`step ${i} has no time.`);
    const stepType = fromV1 && typeof step.type === 'string' ? renameV1Type(step.type) : step.type;
    if (stepType !== (actions[i] as UnknownAction).type) return refuse(`step ${i} says ${JSON.stringify(step.type)} but the action is ${JSON.stringify((actions[i] as UnknownAction).type)}.`);
    times.push(step.at);
  }

  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    ok: true,
    log: {
      startedAt: num(raw.startedAt),
      savedAt: num(raw.savedAt),
      dropped: num(raw.dropped),
      preloadedState: fromV1 ? renameV1State(preloaded.value) : preloaded.value,
      actions: actions as UnknownAction[],
      times,
      finalState: fromV1 && finalState ? renameV1State(finalState) : finalState,
    },
  };
}

/** The type Node replays and the QA panel feed before the first action: fills slices a log predates. */
export const REPLAY_INIT = '@@layerloft/replayInit';

export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly actionType: string,
    cause: unknown,
  ) {
    super(`Step ${index} (${actionType}) could not be replayed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ReplayError';
  }
}

/**
 * Replays a log through a reducer (made fresh by `makeReducer`, e.g. recorder's
 * `createReplayReducer(rootReducer)`). Returns every state: `states[0]` before the first action,
 * `states[i + 1]` after action i — up to and including action `until` when given.
 * Throws a ReplayError naming the step that failed.
 */
export function replayActionLog(log: Pick<ActionLog, 'preloadedState' | 'actions'>, makeReducer: () => Reducer, options: { until?: number } = {}): LogState[] {
  const reduce = makeReducer();
  const last = options.until === undefined ? log.actions.length - 1 : Math.min(options.until, log.actions.length - 1);
  let state = reduce(log.preloadedState, { type: REPLAY_INIT }) as LogState;
  const states: LogState[] = [state];
  for (let i = 0; i <= last; i++) {
    const action = log.actions[i]!;
    try {
      state = reduce(state, action) as LogState;
    } catch (err) {
      throw new ReplayError(i, action.type, err);
    }
    states.push(state);
  }
  return states;
}

// ---- reading states: paths and diffs ---------------------------------------------------------

/** `cart.items`, `api.queries["getWishlist(undefined)"].data`, `wishlist.ids[0]` → segments. */
export function parsePath(path: string): string[] {
  const out: string[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) out.push(m[1] ?? m[2] ?? JSON.parse(`"${m[3]}"`));
  return out;
}

/** The part of `state` at `path` (undefined when absent). */
export function pickPath(state: unknown, path: string | undefined): unknown {
  if (!path) return state;
  let v: unknown = state;
  for (const key of parsePath(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function formatKey(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return /^[A-Z_$][\w$]*$/i.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;
}

function short(v: unknown): string {
  const text = JSON.stringify(v);
  if (text === undefined) return 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * A readable diff: one line per differing leaf, `path: expected X, received Y` (or missing /
 * unexpected). Empty when both are equal as JSON. At most `limit` lines, then a count.
 */
export function diffStates(expected: unknown, received: unknown, limit = 40, basePath = ''): string[] {
  const lines: string[] = [];
  let more = 0;
  const add = (line: string) => (lines.length < limit ? lines.push(line) : (more += 1));
  const walk = (a: unknown, b: unknown, path: string) => {
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const both = (x: unknown) => typeof x === 'object' && x !== null;
    if (both(a) && both(b) && Array.isArray(a) === Array.isArray(b)) {
      if (Array.isArray(a) && Array.isArray(b)) {
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          if (i >= b.length) add(`${formatKey(path, i)}: missing (expected ${short(a[i])})`);
          else if (i >= a.length) add(`${formatKey(path, i)}: unexpected ${short(b[i])}`);
          else walk(a[i], b[i], formatKey(path, i));
        }
        return;
      }
      const ra = a as Record<string, unknown>;
      const rb = b as Record<string, unknown>;
      for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
        if (!(key in rb)) add(`${formatKey(path, key)}: missing (expected ${short(ra[key])})`);
        else if (!(key in ra)) add(`${formatKey(path, key)}: unexpected ${short(rb[key])}`);
        else walk(ra[key], rb[key], formatKey(path, key));
      }
      return;
    }
    add(`${path || '(root)'}: expected ${short(a)}, received ${short(b)}`);
  };
  walk(expected, received, basePath);
  if (more > 0) lines.push(`… and ${more} more difference${more === 1 ? '' : 's'}`);
  return lines;
}
