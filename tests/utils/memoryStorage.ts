import type { Storage } from 'redux-persist';

/** What redux-persist writes for a root: an outer JSON object whose values are JSON strings (a string is kept as it is: a corrupt slice). */
export function persistedValue(slices: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(slices).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));
}

/** An in-memory redux-persist storage whose written values tests can read (`data`). */
export function memoryStorage(initial: Record<string, string> = {}): Storage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k: string) => Promise.resolve(data[k] ?? null),
    setItem: (k: string, v: string) => {
      data[k] = v;
      return Promise.resolve();
    },
    removeItem: (k: string) => {
      delete data[k];
      return Promise.resolve();
    },
  };
}
