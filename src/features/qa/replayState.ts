import { createAction, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import { baseApi } from '../../api/baseApi';
import type { LogState } from './actionLog';
import type { AppStartListening } from '../../store/listenerMiddleware';

/**
 * What the running store needs of a QA replay from page load (the recorder itself,
 * features/qa/recorder.ts, loads only in QA mode, in development or when the QA panel opens): the replay
 * events, the flag read by shape, the root-reducer wrapper that swaps a replayed state in, and the
 * listener wrapper that silences side effects while a replay is shown. See features/qa/recorder.ts for
 * why a replay swaps states instead of re-dispatching.
 */

/** The QA panel started showing a replayed log: side effects and persistence pause. */
export const replayStarted = createAction('qa/replayStarted');
/** The QA panel left the replay (after swapping the app's own state back in). */
export const replayEnded = createAction('qa/replayEnded');
/** The whole state (but the qa flag, RTK Query's live registration and redux-persist's bookkeeping) is replaced. */
export const stateReplaced = createAction<LogState>('qa/stateReplaced');

/** Reads the flag by shape, so store code does not import the qa feature. */
export function isReplaying(state: unknown): boolean {
  return (state as { qa?: { replaying?: unknown } } | undefined)?.qa?.replaying === true;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Root-reducer wrapper: `qa/stateReplaced` swaps in a snapshot. Kept from the running store: the
 * qa slice (the replay flag), redux-persist's `_persist`, and RTK Query's `config` (middleware
 * registration, online/focus) and `subscriptions` (which components are mounted *now*).
 */
export function withStateReplacement<S, A extends UnknownAction>(reducer: Reducer<S, A>): Reducer<S, A> {
  return (state, action) => {
    if (stateReplaced.match(action) && isRecord(state)) {
      const snapshot = action.payload;
      const next: Record<string, unknown> = {};
      for (const key of Object.keys(state)) next[key] = key in snapshot ? snapshot[key] : state[key];
      const liveApi = state[baseApi.reducerPath];
      const replayedApi = next[baseApi.reducerPath];
      if (isRecord(liveApi) && isRecord(replayedApi)) {
        next[baseApi.reducerPath] = { ...replayedApi, config: liveApi.config, subscriptions: liveApi.subscriptions };
      }
      next.qa = state.qa;
      if ('_persist' in state) next._persist = state._persist;
      return next as S;
    }
    // Another tab's stored copy (store/crossTab.ts) would overwrite the replayed lists.
    if (action.type === REHYDRATE && (action as { crossTab?: boolean }).crossTab && isReplaying(state)) return state as S;
    return reducer(state, action);
  };
}

/** Every listener registered through the result is skipped while a replay is shown. */
export function quietWhileReplaying(startListening: AppStartListening): AppStartListening {
  type Options = { effect: (action: UnknownAction, api: { getState(): unknown }) => unknown };
  const wrapped = (options: Options) =>
    startListening({
      ...options,
      effect: (action: UnknownAction, api: { getState(): unknown }) => (isReplaying(api.getState()) ? undefined : options.effect(action, api)),
    } as unknown as Parameters<AppStartListening>[0]);
  return wrapped as unknown as AppStartListening;
}
