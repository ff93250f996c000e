import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { Recorder, RecorderSlot, RecorderStatus } from '../../store/slots';


const IDLE: RecorderStatus = { recording: false, count: 0, dropped: 0 };

/**
 * Where the QA recorder plugs into a store. The recorder and what it needs (the action log's
 * redaction, the replay reducer with redux-persist) are not part of the first view: they load in
 * QA mode and in development before the store sees its first action (main.tsx), or when the QA
 * panel opens. Until then this slot passes actions through and reports "not recording".
 */
export function createRecorderSlot(rootReducer: Reducer): RecorderSlot {
  let recorder: Recorder | undefined;
  let connect: ((recorder: Recorder) => void) | undefined;
  let forward: ((action: unknown) => unknown) | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const middleware: Middleware = (api) => (next) => {
    connect = (r) => {
      forward = r.middleware(api)(next) as (action: unknown) => unknown;
    };
    if (recorder) connect(recorder);
    return (action) => (forward ? forward(action) : next(action));
  };

  const installed = (): Recorder => {
    if (!recorder) throw new Error('The QA recorder is not loaded (features/qa/recorder.ts installRecorder).');
    return recorder;
  };

  return {
    rootReducer,
    middleware,
    install(r) {
      if (recorder) throw new Error('A QA recorder is already installed in this store.');
      recorder = r;
      connect?.(r);
      r.subscribe(notify);
      notify();
    },
    get installed() {
      return recorder !== undefined;
    },
    start: () => installed().start(),
    stop: () => recorder?.stop(),
    status: () => recorder?.status() ?? IDLE,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exportLog: () => recorder?.exportLog() ?? null,
    createReducer: () => installed().createReducer(),
  };
}
