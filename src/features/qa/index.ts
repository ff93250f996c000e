/**
 * The qa feature's public door: what the running store and other features need of QA replays from
 * page load (the replay flag, the state swap, the quiet listeners, the recorder's slot). The
 * recorder itself (recorder.ts) and the panel load only when asked for, by their own paths. See
 * README.md here for how a log is made and replayed.
 */
export { qaSlice } from './qaSlice';
export { isReplaying, quietWhileReplaying, withStateReplacement } from './replayState';
export { createRecorderSlot } from './recorderSlot';
