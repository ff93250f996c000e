import { addListener } from '@reduxjs/toolkit';
import { orderUpdateReceived, socketConnected } from '../../store/events';
import type { AppDispatch, RootState } from '../../store/store';
import { staffApi } from './staffApi';
import { inboxSearchApplied, inboxSearchEdited } from './staffSlice';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/** How long typing must pause before the inbox search goes to the server. */
export const INBOX_SEARCH_PAUSE_MS = 250;

/**
 * The console's side effects, registered while it is mounted (they come with its chunk, so the
 * store's start-up listeners stay the shopper's): the inbox search is sent once typing pauses; an
 * order change announced in the staff room (a shopper paid or cancelled, a refund, another staff
 * member's move) makes the dashboard, the board, that order's page and the orders beside a thread
 * read again, as does a reconnect (changes may have been missed meanwhile). Returns the stop.
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
    dispatch(
      addAppListener({
        actionCreator: orderUpdateReceived,
        effect: ({ payload }, api) => {
          const id = typeof payload?._id === 'string' ? payload._id : null;
          api.dispatch(
            staffApi.util.invalidateTags(['StaffDashboard', { type: 'StaffOrder', id: 'LIST' }, { type: 'StaffOrder', id: 'CUSTOMER' }, ...(id ? [{ type: 'StaffOrder' as const, id }] : [])]),
          );
        },
      }),
    ) as unknown as () => void,
    dispatch(
      addAppListener({
        actionCreator: socketConnected,
        effect: ({ payload }, api) => {
          if (payload.reconnected) api.dispatch(staffApi.util.invalidateTags(['StaffDashboard', 'StaffOrder']));
        },
      }),
    ) as unknown as () => void,
  ];
  return () => stops.forEach((stop) => stop());
}
