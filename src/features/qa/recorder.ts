import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PERSIST, PURGE, persistReducer, type Storage } from 'redux-persist';
import { baseApi } from '../../api/baseApi';
import { buildActionLog, toLogValue } from './actionLog';
// A replay reduces every feature's actions: every lazy slice is in the root reducer.
import '../../store/lazySlices';
import { createPersistConfig, PERSIST_VERSION } from '../../store/persist';
import type { Recorder, RecorderStatus } from '../../store/slots';
import { isReplaying, replayStarted } from './replayState';
import type { AppStore } from '../../store/types';

export type { Recorder, RecorderStatus } from '../../store/slots';

/**
 * QA recording and replay.
 *
 * Recording: a middleware placed last, right before the reducer, keeps every plain action the
 * reducer receives (redacted with the DevTools sanitizer, as JSON) with its time, in a ring
 * buffer, plus the state at recording start. When the buffer is full the oldest action is folded
 * into that start state through the same pure reducer a replay uses, so the log always replays
 * from its own start to the app's current state.
 *
 * Replay into the running app: the QA panel reduces the whole log *outside* the store (reducers
 * only, `createReplayReducer`), then swaps each computed state in with one `qa/stateReplaced`
 * action. We chose this over re-dispatching the recorded actions because re-dispatching runs the
 * middleware again: RTK Query would refetch on recorded invalidations, listeners would sync the
 * cart, push the wishlist, fetch the profile, start checkout — all with a redacted token. A swap
 * only triggers what reacts to state, so while `qa.replaying` is set:
 * - every listener effect is skipped (`quietWhileReplaying`, applied in makeStore to all features);
 * - the base query answers every call with an error instead of reaching the server (api/baseApi.ts);
 * - nothing is written to localStorage (`pausedWhileReplaying`, store/persistence.ts): the tester's
 *   own stored cart and token survive, and other tabs do not pick up the replayed state;
 * - other tabs' stored copies are not taken in (`withStateReplacement`).
 * Leaving the replay swaps the state the app had before back in. The parts the running store needs
 * from page load are in features/qa/replayState.ts; this module (the recorder, the replay reducer, the
 * action log) is not part of the first view: see `installRecorder`.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);


// ---- the pure replay reducer -------------------------------------------------------------------

const noopStorage: Storage = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

const MIDDLEWARE_REGISTERED = `${baseApi.reducerPath}/config/middlewareRegistered`;

/**
 * The app's reducer as a replay needs it: the same root reducer inside the same redux-persist
 * wrapper (so REHYDRATE reconciles slices exactly as at start-up), with no storage. Two recorded
 * actions need care because their meaning lives outside the state:
 * - PERSIST carries callbacks (lost in JSON) and starts storage work: only its state effect is
 *   applied (`_persist` appears); FLUSH and PURGE get no-op callbacks;
 * - RTK Query's `config/middlewareRegistered` compares a per-page random id: the recorded page's
 *   registration succeeded, so the replay records success rather than a "conflict".
 * Before PERSIST (persistence starts after the page is interactive, store/persistence.ts) the
 * running store has the root reducer alone; so does the replay.
 * Call it once per replay (redux-persist keeps a little closure state per reducer).
 */
export function createReplayReducer(rootReducer: Reducer): Reducer {
  const persisted = persistReducer({ ...createPersistConfig<Record<string, unknown>>(noopStorage), timeout: 0 }, rootReducer as Reducer<Record<string, unknown>>);
  return (state: unknown, action: UnknownAction) => {
    if (action.type === PERSIST) {
      const { _persist, ...rest } = (state ?? {}) as Record<string, unknown>;
      return { ...(rootReducer(rest, action) as object), _persist: _persist ?? { version: PERSIST_VERSION, rehydrated: false } };
    }
    if (action.type === FLUSH || action.type === PURGE) return persisted(state as never, { ...action, result: () => undefined } as UnknownAction);
    if (action.type === MIDDLEWARE_REGISTERED && isRecord(state) && isRecord(state[baseApi.reducerPath])) {
      const api = state[baseApi.reducerPath] as Record<string, unknown>;
      return { ...state, [baseApi.reducerPath]: { ...api, config: { ...(api.config as object), middlewareRegistered: true } } };
    }
    // No PERSIST yet: the running store's reducer was the root reducer alone.
    if (!isRecord(state) || !('_persist' in state)) return rootReducer(state, action);
    return persisted(state as never, action);
  };
}

// ---- the recorder --------------------------------------------------------------------------------

export const DEFAULT_RECORDER_CAPACITY = 5000;

export interface RecorderOptions {
  now: () => number;
  /** Makes a fresh replay reducer (makeStore passes `() => createReplayReducer(rootReducer)`). */
  createReducer: () => Reducer;
  capacity?: number;
}

interface Entry {
  action: UnknownAction;
  at: number;
}

function isRecordable(action: unknown): action is UnknownAction {
  return isRecord(action) && typeof action.type === 'string' && !action.type.startsWith('qa/');
}

export function createRecorder({ now, createReducer, capacity = DEFAULT_RECORDER_CAPACITY }: RecorderOptions): Recorder {
  let getState: (() => unknown) | undefined;
  let recording = false;
  let started = false;
  let startState: unknown = {};
  let startedAt = 0;
  let stoppedState: unknown;
  let fold: Reducer | undefined;
  let ring: Array<Entry | undefined> = [];
  let head = 0;
  let size = 0;
  let dropped = 0;
  let status: RecorderStatus = { recording: false, count: 0, dropped: 0 };
  const listeners = new Set<() => void>();

  const emit = () => {
    status = { recording, count: size, dropped };
    listeners.forEach((l) => l());
  };

  function push(action: UnknownAction) {
    const entry: Entry = { action: toLogValue(action), at: now() };
    if (size < capacity) {
      ring[(head + size) % capacity] = entry;
      size += 1;
    } else {
      // Full: the oldest action moves into the start state, so the log still replays to now.
      const oldest = ring[head]!;
      startState = fold!(startState, oldest.action);
      ring[head] = entry;
      head = (head + 1) % capacity;
      dropped += 1;
    }
    emit();
  }

  function stopRecording() {
    if (!recording) return;
    recording = false;
    stoppedState = getState?.();
    emit();
  }

  const middleware: Middleware = (api) => {
    getState = api.getState;
    return (next) => (action) => {
      // A replay swaps states the log cannot explain: the recording ends where the replay begins.
      if (recording && replayStarted.match(action)) stopRecording();
      // Before `next`: the order recorded is the order the reducer sees, nested dispatches included.
      if (recording && isRecordable(action) && !isReplaying(api.getState())) push(action);
      return next(action);
    };
  };

  return {
    middleware,
    start() {
      if (!getState) throw new Error('The recorder middleware is not installed in a store.');
      startState = toLogValue(getState());
      startedAt = now();
      fold = createReducer();
      ring = new Array<Entry | undefined>(capacity);
      head = 0;
      size = 0;
      dropped = 0;
      stoppedState = undefined;
      recording = true;
      started = true;
      emit();
    },
    stop: stopRecording,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exportLog() {
      if (!started) return null;
      const actions: Entry[] = [];
      for (let i = 0; i < size; i++) actions.push(ring[(head + i) % capacity]!);
      return buildActionLog({
        preloadedState: startState,
        actions,
        startedAt,
        savedAt: now(),
        dropped,
        finalState: recording ? getState?.() : stoppedState,
      });
    },
    createReducer,
  };
}

/**
 * Puts a QA recorder into `store` (its recorder slot, features/qa/recorderSlot.ts), recording at once
 * with `record`. main.tsx does so before the first action in QA mode and in development; the QA
 * panel does on opening otherwise. A store that has one keeps it.
 */
export function installRecorder(store: AppStore, options: { record?: boolean; capacity?: number } = {}): Recorder {
  if (!store.recorder.installed) {
    store.recorder.install(createRecorder({ now: store.deps.now, createReducer: () => createReplayReducer(store.recorder.rootReducer), capacity: options.capacity }));
  }
  if (options.record && !store.recorder.status().recording) store.recorder.start();
  return store.recorder;
}
