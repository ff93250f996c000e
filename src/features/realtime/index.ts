/** The realtime feature's public door: what other features and the store use of it. */
export { setupRealtimeListeners } from './realtimeListeners';
export { realtimeSlice } from './realtimeSlice';
