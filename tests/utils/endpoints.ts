/**
 * Loads every feature's RTK Query endpoints (a replay may hold calls of any screen): what
 * src/features/qa/allEndpoints.ts does for the QA panel, for tests that replay logs.
 */
export async function loadAllEndpoints(): Promise<void> {
  await Promise.all(Object.values(import.meta.glob('../../src/features/*/*Api.ts')).map((load) => load()));
}
