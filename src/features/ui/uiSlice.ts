import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loadingFinished, loadingStarted } from '../../store/events';

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
  reducers: {},
  // The events live in store/events.ts so that every feature can report them (STYLE rule 8).
  extraReducers: (builder) => {
    builder
      .addCase(loadingStarted, (state) => {
        state.pendingLoads += 1;
      })
      .addCase(loadingFinished, (state) => {
        state.pendingLoads = Math.max(0, state.pendingLoads - 1);
      });
  },
  selectors: {
    selectIsLoading: (state) => state.pendingLoads > 0,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof uiSlice> {}
}

export { loadingStarted, loadingFinished };
export const { selectIsLoading } = uiSlice.selectors;
