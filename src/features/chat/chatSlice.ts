import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../../store/events';
import { injectLazySlice } from '../../store/lazySliceInjection';

/**
 * What the shopper does with the support chat (SPEC §2, §4): whether the modal is open, and the
 * draft being typed. The thread and the unread count are server data: RTK Query caches kept live
 * from the socket (chatApi.ts); loading and failure are those queries' own status.
 *
 *   closed ──chatOpened──▶ open ──chatClosed──▶ closed
 *
 *   draft ──draftChanged──▶ draft   ──messageSendStarted──▶ ''   ──messageSendFailed──▶ the text back (if nothing was typed since)
 */
export type ChatStatus = 'closed' | 'open';

export interface ChatState {
  status: ChatStatus;
  draft: string;
}

export const initialChatState: ChatState = { status: 'closed', draft: '' };

// ---- events (past tense) ---------------------------------------------------------------------
export const chatOpened = createAction('chat/opened');
export const chatClosed = createAction('chat/closed');
export const draftChanged = createAction<string>('chat/draftChanged');
/** Send or Enter was pressed; chatListeners sends the draft when the "can send" rule allows it. */
export const messageSubmitted = createAction('chat/messageSubmitted');
/** The draft is on its way to the server: the input empties. */
export const messageSendStarted = createAction<{ body: string }>('chat/messageSendStarted');
/** The server refused the message (the toast comes from chatApi); the text comes back. */
export const messageSendFailed = createAction<{ body: string }>('chat/messageSendFailed');

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(chatOpened, (state) => {
        state.status = 'open';
      })
      .addCase(chatClosed, (state) => {
        state.status = 'closed';
      })
      .addCase(draftChanged, (state, { payload }) => {
        state.draft = typeof payload === 'string' ? payload : '';
      })
      .addCase(messageSendStarted, (state) => {
        state.draft = '';
      })
      .addCase(messageSendFailed, (state, { payload }) => {
        if (state.draft === '') state.draft = payload.body;
      })
      .addCase(loggedOut, () => initialChatState);
  },
  selectors: {
    selectChatOpen: (state) => state.status === 'open',
    selectChatDraft: (state) => state.draft,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface LazyLoadedSlices extends WithSlice<typeof chatSlice> {}
}

/** In the store from the moment My Orders' chunk loads (not part of the first view). */
injectLazySlice(chatSlice);

export const { selectChatOpen, selectChatDraft } = chatSlice.getSelectors((state: { chat?: ReturnType<typeof chatSlice.getInitialState> }) => state.chat ?? chatSlice.getInitialState());
