import { createSlice } from '@reduxjs/toolkit';
import { replayEnded, replayStarted } from '../../store/replayState';

/**
 * The QA replay flag (issue 8). While it is set the app shows a replayed log: listener effects,
 * server calls and persistence pause (see store/recorder.ts for why and how). Never persisted,
 * never recorded (`qa/*` actions stay out of logs), and kept as is when a state is swapped in.
 */
export interface QaState {
  replaying: boolean;
}

const initialState: QaState = { replaying: false };

export const qaSlice = createSlice({
  name: 'qa',
  initialState,
  reducers: {},
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
  },
});

export const { selectReplaying } = qaSlice.selectors;
