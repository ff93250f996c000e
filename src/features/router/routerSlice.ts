import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { locationChanged, navigationRequested, type AppLocation } from '../../store/events';
import { locationOf } from './location';

/**
 * The router's location, mirrored. The url stays the source of truth: LocationSync
 * reports every change (`router/locationChanged`), and features that want to go somewhere ask
 * with `router/navigationRequested`, which this slice takes at once so that a second event right
 * after it (a fast typist in the store's search box) builds on the first. Selectors over it give
 * the views that live in the url (the store's filters), so Redux DevTools and QA logs show them
 * and a replay can drive the router back to them.
 */
export interface RouterState {
  location: AppLocation;
}

/**
 * The router state at `url` (an absolute path with query and hash): what a store made for one
 * request starts from (`makeStore({ router: routerStateAt(url) })`), with no effect to run.
 */
export function routerStateAt(url: string, historyState: unknown = null): RouterState {
  return { location: locationOf(url, historyState) };
}

export const routerSlice = createSlice({
  name: 'router',
  initialState: routerStateAt('/'),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(locationChanged, (state, action) => {
        state.location = action.payload;
      })
      .addCase(navigationRequested, (state, action) => {
        state.location = locationOf(action.payload.to, action.payload.state);
      });
  },
  selectors: {
    selectLocation: (state) => state.location,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof routerSlice> {}
}

export const { selectLocation } = routerSlice.selectors;
