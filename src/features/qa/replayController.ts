import { parseActionLog, replayActionLog, type ActionLog, type LogState } from '../../store/actionLog';
import { replayEnded, replayStarted, stateReplaced } from '../../store/replayState';
import './allEndpoints';
import type { AppStore } from '../../store/store';

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
 * Shows a loaded log's states in the running app. The first `show` keeps the app's own state and
 * raises the replay flag (listeners, server calls and persistence pause — store/recorder.ts);
 * `exit` swaps the app's own state back and lowers the flag.
 */
export class ReplaySession {
  private saved: LogState | null = null;
  position = 0;

  constructor(
    private readonly store: AppStore,
    readonly loaded: LoadedLog,
  ) {}

  get length(): number {
    return this.loaded.states.length - 1;
  }

  get active(): boolean {
    return this.saved !== null;
  }

  /** Swaps in the state after `position` actions (0: the recorded start state). */
  show(position: number): number {
    const p = Math.max(0, Math.min(this.length, Math.trunc(position)));
    if (this.saved === null) {
      this.saved = this.store.getState() as unknown as LogState;
      this.store.dispatch(replayStarted());
    }
    this.store.dispatch(stateReplaced(this.loaded.states[p]!));
    this.position = p;
    return p;
  }

  exit(): void {
    if (this.saved === null) return;
    this.store.dispatch(stateReplaced(this.saved));
    this.store.dispatch(replayEnded());
    this.saved = null;
  }
}
