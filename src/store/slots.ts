import type { Middleware, Reducer } from '@reduxjs/toolkit';

/**
 * The types of the two slots every store has (the QA recorder's and the router's), declared here
 * so that store/types.ts imports nothing from the features; the slots themselves are made by their
 * features (features/qa/recorderSlot.ts, features/router/navigator.ts). A leaf: it imports no app code.
 */

/** How the router moves: react-router's `navigate`, attached by LocationSync while it is mounted. */
export type NavigateFn = (to: string, options: { replace: boolean; state: unknown }) => void;

export interface NavigatorSlot {
  /** Attaches the router's navigate; returns the detach. The last attached one is used. */
  attach(navigate: NavigateFn): () => void;
  /** Moves the browser (nothing happens while no router is attached: a server render, a unit test). */
  navigate: NavigateFn;
  /** Notes a move the store asked for (and already holds), before the router has made it. */
  expect(href: string): void;
  /**
   * The router has reached `href`. True when that is a move the store asked for and a later one is
   * still on its way: the store holds the later one already, so this one is not news to it.
   */
  arrived(href: string): boolean;
}

interface LogStep {
  type: string;
  at: number;
}

/** A QA action log file, as written (its format: features/qa/actionLog.ts). */
export interface ActionLogFile {
  format: 'layerloft-action-log';
  version: 2;
  app: string;
  startedAt: number;
  savedAt: number;
  dropped: number;
  redacted: true;
  steps: LogStep[];
  payload: string;
  preloadedState: string;
  finalState?: string;
}

export interface RecorderStatus {
  recording: boolean;
  /** Actions in the buffer now. */
  count: number;
  /** Actions folded into the start state because the buffer was full. */
  dropped: number;
}

/** The QA recorder (features/qa/recorder.ts `createRecorder`). */
export interface Recorder {
  middleware: Middleware;
  /** A new recording: the buffer empties and the current state becomes the start state. */
  start(): void;
  /** Stops appending; the recording stays available for download. */
  stop(): void;
  status(): RecorderStatus;
  /** For useSyncExternalStore: called after every recorded action and on start/stop. */
  subscribe(listener: () => void): () => void;
  /** The log of what was recorded (null before the first start). */
  exportLog(): ActionLogFile | null;
  /** A fresh pure reducer for replays (the QA panel and tests use it). */
  createReducer(): Reducer;
}

/** The store's recorder before one is installed, and after: the installed one, through the same object. */
export interface RecorderSlot extends Recorder {
  /** The store's root reducer, which a replay reduces with (the recorder wraps it: recorder.ts `createReplayReducer`). */
  readonly rootReducer: Reducer;
  /** Puts `recorder` in place (once): its middleware starts seeing actions from the next dispatch. */
  install(recorder: Recorder): void;
  readonly installed: boolean;
}
