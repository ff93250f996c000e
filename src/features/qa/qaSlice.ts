import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { replayEnded, replayStarted } from './replayState';

/** One step of a loaded log as the QA panel lists it: the action's type and its time since the recording started. */
export interface ReplayStep {
  type: string;
  at: number;
}

/**
 * The QA panel's state. `replaying`: while it is set the app shows a replayed log, and listener
 * effects, server calls and persistence pause (see recorder.ts for why and how). The rest is the
 * replay session as the panel shows it (the loaded log's name and steps, the step shown, a refused
 * file's message, the jump box as typed), kept here so that a replay itself can be followed in Redux
 * DevTools. The replayed states themselves are not: they are whole app states, held beside the store
 * by replayController.ts. Never persisted, never recorded (`qa/*` actions stay out of logs), and kept
 * as is when a state is swapped in.
 */
export interface QaState {
  replaying: boolean;
  /** The log loaded into the panel, or null before one is. */
  log: { name: string; steps: ReplayStep[] } | null;
  /** The step shown: the state after `position` actions (0: the recorded start state). */
  position: number;
  /** Why the last file was refused (a log already loaded stays loaded). */
  error: string | null;
  /** The "Jump to step" box, as typed. */
  jumpText: string;
}

const initialState: QaState = { replaying: false, log: null, position: 0, error: null, jumpText: '' };

export const qaSlice = createSlice({
  name: 'qa',
  initialState,
  reducers: {
    /** A log file read and replayed completely outside the store: ready to be shown from its start. */
    logLoaded(state, { payload }: PayloadAction<{ name: string; steps: ReplayStep[] }>) {
      state.log = payload;
      state.position = 0;
      state.error = null;
      state.jumpText = '';
    },
    /** A file the panel could not replay (nothing of it was applied). */
    logRefused(state, { payload }: PayloadAction<string>) {
      state.error = payload;
    },
    errorDismissed(state) {
      state.error = null;
    },
    jumpTyped(state, { payload }: PayloadAction<string>) {
      state.jumpText = payload.slice(0, 12);
    },
    /** The app now shows the state after `payload` actions of the loaded log. */
    stepShown(state, { payload }: PayloadAction<number>) {
      state.position = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(replayStarted, (state) => {
        state.replaying = true;
      })
      .addCase(replayEnded, (state) => {
        state.replaying = false;
      });
  },
  selectors: {
    selectReplaying: (state) => state.replaying,
    selectReplayLog: (state) => state.log ?? null,
    selectReplayPosition: (state) => state.position ?? 0,
    selectReplayError: (state) => state.error ?? null,
    selectJumpText: (state) => state.jumpText ?? '',
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof qaSlice> {}
}

export const { logLoaded, logRefused, errorDismissed, jumpTyped, stepShown } = qaSlice.actions;
export const { selectReplaying, selectReplayLog, selectReplayPosition, selectReplayError, selectJumpText } = qaSlice.selectors;
