import { parseActionLog, replayActionLog, type ActionLog, type LogState } from './actionLog';
import { logLoaded, logRefused, stepShown } from './qaSlice';
import { replayEnded, replayStarted, stateReplaced } from './replayState';
import './allEndpoints';
import type { AppStore } from '../../store/types';

/** A log that parsed and replayed completely: `states[p]` is the state after `p` actions. */
export interface LoadedLog {
  name: string;
  log: ActionLog;
  states: LogState[];
}

export type LoadResult = { ok: true; loaded: LoadedLog } | { ok: false; error: string };

/**
 * Reads a log file and replays all of it with the store's pure replay reducer, outside the store.
 * Nothing reaches the running app unless every step reduced: a bad file is refused as a whole.
 */
export function loadLog(store: AppStore, text: string, name: string): LoadResult {
  const parsed = parseActionLog(text);
  if (!parsed.ok) return parsed;
  try {
    const states = replayActionLog(parsed.log, () => store.recorder.createReducer());
    return { ok: true, loaded: { name, log: parsed.log, states } };
  } catch (err) {
    return { ok: false, error: `This file cannot be replayed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * Shows a loaded log's states in the running app. What the QA panel shows of the session is qa
 * slice state (qaSlice.ts); kept here, beside the store, are only the replayed states and the app's
 * own state while a replay is shown: whole app states, too big and too many for DevTools' history.
 * The first `show` keeps the app's own state and raises the replay flag (listeners, server calls and
 * persistence pause: recorder.ts); `exit` swaps the app's own state back and lowers the flag.
 */
export class Replayer {
  private states: LogState[] | null = null;
  private saved: LogState | null = null;

  constructor(private readonly store: AppStore) {}

  /** Steps in the loaded log (0 before one is loaded). */
  get length(): number {
    return this.states ? this.states.length - 1 : 0;
  }

  /** Loads a log file; a refused file leaves the loaded log and the app as they were. */
  load(text: string, name: string): boolean {
    const result = loadLog(this.store, text, name);
    if (!result.ok) {
      this.store.dispatch(logRefused(result.error));
      return false;
    }
    this.exit();
    const { log, states } = result.loaded;
    this.states = states;
    this.store.dispatch(logLoaded({ name, steps: log.actions.map((action, i) => ({ type: action.type, at: log.times[i]! - log.startedAt })) }));
    return true;
  }

  /** Swaps in the state after `position` actions (0: the recorded start state), clamped to the log. */
  show(position: number): number {
    if (!this.states) return 0;
    const p = Math.max(0, Math.min(this.length, Math.trunc(Number.isFinite(position) ? position : 0)));
    if (this.saved === null) {
      this.saved = this.store.getState() as unknown as LogState;
      this.store.dispatch(replayStarted());
    }
    this.store.dispatch(stateReplaced(this.states[p]!));
    this.store.dispatch(stepShown(p));
    return p;
  }

  exit(): void {
    if (this.saved === null) return;
    this.store.dispatch(stateReplaced(this.saved));
    this.store.dispatch(replayEnded());
    this.saved = null;
  }
}

const replayers = new WeakMap<AppStore, Replayer>();

/** The store's one replayer: the panel may unmount and mount again without losing a replay in progress. */
export function replayerFor(store: AppStore): Replayer {
  let replayer = replayers.get(store);
  if (!replayer) replayers.set(store, (replayer = new Replayer(store)));
  return replayer;
}
