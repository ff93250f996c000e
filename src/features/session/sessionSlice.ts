import { createSlice } from '@reduxjs/toolkit';
import type { User } from '../../domain/types';
import { loggedIn, loggedOut } from '../../store/events';

/**
 * The session: guest or logged in (SPEC §6). Only the token is persisted; the accounts feature
 * will grow this into the full state machine (checking, expired …) with the same event style.
 */
export type SessionStatus = 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
}

export const initialSessionState: SessionState = { status: 'anonymous', token: null, user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (state, action) => {
        const token = action.payload.token.trim();
        if (!token) return;
        state.status = 'authenticated';
        state.token = token;
        state.user = action.payload.user ?? null;
      })
      .addCase(loggedOut, () => initialSessionState);
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectIsLoggedIn: (state) => state.status === 'authenticated',
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
  },
});

export const { selectSessionStatus, selectIsLoggedIn, selectToken, selectUser } = sessionSlice.selectors;
