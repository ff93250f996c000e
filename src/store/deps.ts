/**
 * Impure inputs the store needs (time, ids, timers). They are injected into `makeStore` and reach thunks
 * and listeners as `extra`, so reducers stay pure and a recorded action log replays to the same
 * state (STYLE rule 3).
 */
export interface StoreDeps {
  now: () => number;
  newId: () => string;
  /** Resolves `ms` later (timers of listeners, e.g. the contact form's reset). */
  wait: (ms: number) => Promise<void>;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export const defaultDeps: StoreDeps = { now: () => Date.now(), newId: randomId, wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
