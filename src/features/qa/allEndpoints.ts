/**
 * RTK Query reduces a recorded call only if its endpoint is injected, and each feature injects its
 * endpoints when its screens load. A replay may hold calls of screens this page never opened, so
 * the replayer loads every feature's `*Api.ts` (a Vite glob, part of the lazily loaded QA chunk).
 * The one place a feature reaches into all the others, on purpose: it only runs their
 * `injectEndpoints`. scripts/replay.ts does the same in Node; tests use tests/utils/endpoints.ts.
 */
// Not the staff console's: no byte of it may reach a shopper's chunk; its endpoints come
// with its own chunk, which is loaded whenever a staff page (where a staff log is replayed) is open.
import.meta.glob(['../*/*Api.ts', '!../staff/**'], { eager: true });
