import { addListener } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../store/types';
import { inboxSearchApplied, inboxSearchEdited } from './staffSlice';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/** How long typing must pause before the inbox search goes to the server. */
export const INBOX_SEARCH_PAUSE_MS = 250;

/**
 * The console's side effects, registered while it is mounted (they come with its chunk, so the
 * store's start-up listeners stay the shopper's): the inbox search is sent once typing pauses.
 * Returns the stop.
 */
export function startStaffListeners(dispatch: AppDispatch): () => void {
  const stops = [
    dispatch(
      addAppListener({
        actionCreator: inboxSearchEdited,
        effect: async (_action, api) => {
          api.cancelActiveListeners();
          await api.delay(INBOX_SEARCH_PAUSE_MS);
          api.dispatch(inboxSearchApplied());
        },
      }),
    ) as unknown as () => void,
  ];
  return () => stops.forEach((stop) => stop());
}
