import { createSlice } from '@reduxjs/toolkit';

/**
 * The global loading flag of SPEC §2. A counter rather than a boolean so that two overlapping
 * long operations (e.g. payment verification while a redirect is prepared) cannot clear each
 * other's flag; the flag is "set" while the counter is above zero.
 */
export interface UiState {
  pendingLoads: number;
}

const initialState: UiState = { pendingLoads: 0 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    loadingStarted(state) {
      state.pendingLoads += 1;
    },
    loadingFinished(state) {
      state.pendingLoads = Math.max(0, state.pendingLoads - 1);
    },
  },
  selectors: {
    selectIsLoading: (state) => state.pendingLoads > 0,
  },
});

export const { loadingStarted, loadingFinished } = uiSlice.actions;
export const { selectIsLoading } = uiSlice.selectors;
