import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineRounded';
import CloseIcon from '@mui/icons-material/Close';
import SendRounded from '@mui/icons-material/SendRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { serverMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { TextInput } from '../../components/OutlinedField';
import type { Message } from '../../domain/types';
import { useAppDispatch, useAppSelector, useFeature } from '../../store/hooks';
import { chatFeature } from './chatListeners';
import { useGetConversationQuery, useGetUnreadQuery } from './chatApi';
import { selectCanSend, selectChatLoadError, selectChatMessages, selectChatPhase, selectChatSending, selectUnread } from './chatSelectors';
import { chatClosed, chatOpened, draftChanged, messageSubmitted, selectChatDraft, selectChatOpen } from './chatSlice';
import { CHAT_TEXT, isSendKeystroke, MAX_MESSAGE_LENGTH } from './rules';

function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

function Bubble({ message, shopName }: { message: Message; shopName: string }) {
  const own = !message.isAdmin;
  return (
    <Box
      component="li"
      data-testid="chat-message"
      data-own={own ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start', mb: 1.5, listStyle: 'none' }}
    >
      <Typography variant="caption" sx={{ fontWeight: 800, color: own ? 'primary.dark' : 'secondary.dark', mx: 1, mb: 0.25 }}>
        {own ? CHAT_TEXT.you : shopName}
        <Box component="span" sx={{ fontWeight: 600, color: 'text.secondary', ml: 1 }}>
          {timeOf(message.createdAt)}
        </Box>
      </Typography>
      {/* Rendered as text: React escapes it; pre-wrap keeps the shopper's line breaks. */}
      <Typography
        component="p"
        sx={{
          m: 0,
          px: 1.75,
          py: 1.1,
          maxWidth: '82%',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          borderRadius: own ? '18px 18px 4px 18px' : '18px 18px 18px 4px',
          bgcolor: own ? brand.coral : '#FFFFFF',
          color: own ? '#FFFFFF' : 'text.primary',
          border: own ? 0 : `1px solid ${brand.line}`,
          boxShadow: own ? 'none' : '0 2px 8px rgba(43,34,51,0.05)',
        }}
      >
        {message.body}
      </Typography>
    </Box>
  );
}

/** The real-time connection as the chat shows it (the app page reads it from the realtime feature). */
export type ChatConnection = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

const CONNECTION_TEXT: Record<ChatConnection, string | null> = {
  connected: null,
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  disconnected: 'Offline: new replies appear when you reopen the chat.',
};

/** The Support Chat modal (SPEC §2): shown while the chat is open; the thread is subscribed only then. */
function ChatModal({ shopName, connection }: { shopName: string; connection: ChatConnection }) {
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const open = useAppSelector(selectChatOpen);
  // Read afresh each time the chat opens; the socket keeps it live while it is shown.
  const thread = useGetConversationQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const messages = useAppSelector(selectChatMessages);
  const draft = useAppSelector(selectChatDraft);
  const canSend = useAppSelector(selectCanSend);
  const sending = useAppSelector(selectChatSending);
  const status = useAppSelector(selectChatPhase);
  const loadError = useAppSelector(selectChatLoadError);
  const listRef = useRef<HTMLDivElement | null>(null);

  // Auto-scroll to the newest message.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, status]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (isSendKeystroke({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      dispatch(messageSubmitted());
    }
  };

  const notice = CONNECTION_TEXT[connection];

  return (
    <Dialog
      open={open}
      onClose={() => dispatch(chatClosed())}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="support-chat-title"
      slotProps={{ paper: { sx: { height: { sm: 'min(680px, 88vh)' }, display: 'flex', flexDirection: 'column', bgcolor: brand.cream, borderRadius: fullScreen ? 0 : undefined } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, sm: 3 }, py: 1.75, bgcolor: '#FFFFFF', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: brand.tealSoft, color: 'secondary.main', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <ChatBubbleOutline fontSize="small" />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="support-chat-title" variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
            {CHAT_TEXT.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {shopName} usually answers within a day.
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={() => dispatch(chatClosed())} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>

      {notice && status === 'open' && (
        <Typography role="status" variant="caption" sx={{ px: 3, py: 0.75, bgcolor: brand.sunSoft, color: 'text.primary', fontWeight: 700 }}>
          {notice}
        </Typography>
      )}

      <Box sx={{ flexGrow: 1, minHeight: { xs: 0, sm: 260 }, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        {status === 'loading' && (
          <Box role="status" sx={{ m: 'auto', display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={24} />
            <Typography>Loading conversation…</Typography>
          </Box>
        )}
        {status === 'error' && (
          <Box role="alert" sx={{ m: 'auto', textAlign: 'center', px: 3 }}>
            <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{serverMessage(loadError) ?? CHAT_TEXT.loadFailed}</Typography>
            <Button variant="outlined" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          </Box>
        )}
        {status === 'open' && (
          // The log scrolls; the messages inside are a list (a <ul> with role="log" would no longer be one).
          <Box
            ref={listRef}
            role="log"
            aria-live="polite"
            aria-label="Messages"
            sx={{ flexGrow: 1, overflowY: 'auto', m: 0, px: { xs: 1.5, sm: 2.5 }, py: 2 }}
          >
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {messages.length === 0 ? (
                <Box component="li" sx={{ listStyle: 'none', textAlign: 'center', color: 'text.secondary', mt: 6 }}>
                  <Typography>{CHAT_TEXT.empty}</Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    Ask us anything about your orders.
                  </Typography>
                </Box>
              ) : (
                messages.map((m) => <Bubble key={m._id} message={m} shopName={shopName} />)
              )}
            </Box>
          </Box>
        )}
      </Box>

      <Box
        component="form" method="post"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(messageSubmitted());
        }}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, px: { xs: 1.5, sm: 2.5 }, py: 1.5, bgcolor: '#FFFFFF', borderTop: 1, borderColor: 'divider' }}
      >
        <TextInput
          value={draft}
          onChange={(e) => dispatch(draftChanged(e.target.value))}
          onKeyDown={onKeyDown}
          placeholder={CHAT_TEXT.placeholder}
          multiline
          minRows={1}
          maxRows={5}
          fullWidth
          size="small"
          disabled={status !== 'open'}
          inputProps={{ 'aria-label': 'Message', maxLength: MAX_MESSAGE_LENGTH }}
          sx={{ '& .MuiOutlinedInput-root': { borderRadius: '18px', bgcolor: brand.cream } }}
        />
        <IconButton
          type="submit"
          aria-label="Send"
          disabled={!canSend}
          loading={sending}
          aria-busy={sending}
          color="primary"
          sx={{ bgcolor: canSend || sending ? brand.coralSoft : 'transparent', mb: 0.25 }}
        >
          <SendRounded />
        </IconButton>
      </Box>
    </Dialog>
  );
}

/** 'Contact Support' with a red dot while unread staff messages exist (SPEC §2). */
function ContactSupportButton() {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnread);
  // Fetched each time My Orders opens; the socket keeps it live afterwards.
  useGetUnreadQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Badge
      variant="dot"
      color="error"
      invisible={unread === 0}
      overlap="rectangular"
      slotProps={{ badge: { 'data-testid': 'unread-dot', 'aria-hidden': true } as object }}
      sx={{ '& .MuiBadge-dot': { width: 14, height: 14, borderRadius: '50%', border: '2px solid #fff', top: 4, right: 4 } }}
    >
      <Button
        variant="contained"
        color="secondary"
        startIcon={<ChatBubbleOutline />}
        onClick={() => dispatch(chatOpened())}
        aria-label={unread > 0 ? `${CHAT_TEXT.contactSupport} (${unread} unread ${unread === 1 ? 'message' : 'messages'})` : CHAT_TEXT.contactSupport}
      >
        {CHAT_TEXT.contactSupport}
      </Button>
    </Badge>
  );
}

/** The button and the modal, as My Orders places them; leaving the page closes the chat. */
export function SupportChat({ shopName, connection }: { shopName: string; connection: ChatConnection }) {
  useFeature(chatFeature);
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch(chatClosed());
    },
    [dispatch],
  );
  return (
    <>
      <ContactSupportButton />
      <ChatModal shopName={shopName} connection={connection} />
    </>
  );
}
