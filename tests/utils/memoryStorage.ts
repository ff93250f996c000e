import type { Storage } from 'redux-persist';

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
