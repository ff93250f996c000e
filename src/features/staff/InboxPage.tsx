import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { brand } from '../../components/brand';
import { TextInput } from '../../components/OutlinedField';
import { visuallyHidden } from '../../components/visuallyHidden';
import { isSendKeystroke, MAX_MESSAGE_LENGTH } from '../../domain/chat';
import { formatMoney } from '../../domain/money';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatWhen, orderTitle } from './format';
import { canSendReply, STAFF_TEXT } from './rules';
import { threadMessages, useGetStaffConversationsQuery, useGetStaffThreadQuery } from './staffApi';
import { inboxSearchEdited, replyDraftEdited, selectInboxQuery, selectInboxSearch, selectReplyDraft, selectSendingReplyFor } from './staffSlice';
import { sendReply } from './staffThunks';
import { StatusChip } from './StatusChip';
import type { StaffConversation } from './types';

function ConversationRow({ c, open }: { c: StaffConversation; open: boolean }) {
  const last = c.lastMessage;
  return (
    <Box
      component={RouterLink}
      to={`/staff/inbox/${c._id}`}
      aria-current={open ? 'page' : undefined}
      data-testid="staff-conversation"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        gap: 0.25,
        px: 2,
        py: 1.5,
        color: 'text.primary',
        textDecoration: 'none',
        borderBottom: `1px solid ${brand.line}`,
        bgcolor: open ? brand.coralSoft : 'transparent',
        '&:hover': { bgcolor: open ? brand.coralSoft : brand.cream },
        '&:focus-visible': { outline: `3px solid ${brand.teal}`, outlineOffset: -3 },
      }}
    >
      <Typography component="span" sx={{ fontWeight: c.unread ? 800 : 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {c.user.name}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
        {last ? formatWhen(last.createdAt) : ''}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {c.user.email}
      </Typography>
      <Box sx={{ textAlign: 'right' }}>
        {c.unread > 0 && (
          <Box component="span" data-testid="staff-unread" sx={{ display: 'inline-block', minWidth: 22, px: 0.75, borderRadius: 999, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.75rem', fontWeight: 700, textAlign: 'center' }}>
            {c.unread}
            <Box component="span" sx={visuallyHidden}>
              {' '}unread
            </Box>
          </Box>
        )}
      </Box>
      <Typography component="span" variant="body2" sx={{ gridColumn: '1 / -1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {last ? `${last.isAdmin ? 'You: ' : ''}${last.body}` : 'No messages yet'}
      </Typography>
    </Box>
  );
}

function ConversationList({ openId }: { openId: string | null }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectInboxSearch);
  const query = useAppSelector(selectInboxQuery);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetStaffConversationsQuery(query);

  return (
    <Box component="section" aria-labelledby="inbox-title" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ p: 2, pb: 1.5 }}>
        <Typography id="inbox-title" component="h1" variant="h5" sx={{ mb: 1.5 }}>
          Inbox
        </Typography>
        <TextInput
          label="Search by name or e-mail"
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(e) => dispatch(inboxSearchEdited(e.target.value))}
          inputProps={{ maxLength: 100 }}
        />
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {isFetching ? 'Loading conversations…' : data ? `${data.length} conversations` : ''}
      </Box>
      {isLoading ? (
        <Box aria-hidden sx={{ px: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : isError ? (
        <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error) || STAFF_TEXT.loadFailed}
        </Alert>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 3 }}>
          {query ? STAFF_TEXT.inboxNoMatch : STAFF_TEXT.inboxEmpty}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Conversations" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data?.map((c) => (
            <li key={c._id}>
              <ConversationRow c={c} open={c._id === openId} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ReplyBox({ conversationId, email }: { conversationId: string; email: string }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((s) => selectReplyDraft(s, conversationId));
  const sending = useAppSelector(selectSendingReplyFor) === conversationId;
  const canSend = canSendReply(draft, sending);
  const send = () => void dispatch(sendReply(conversationId, email));
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (isSendKeystroke({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      send();
    }
  };
  return (
    <Box
      component="form" method="post"
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1.5, borderTop: `1px solid ${brand.line}`, bgcolor: 'background.paper', position: 'sticky', bottom: 0, zIndex: 1 }}
    >
      <TextInput
        label="Reply"
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
        size="small"
        value={draft}
        placeholder={STAFF_TEXT.replyPlaceholder}
        onChange={(e) => dispatch(replyDraftEdited({ conversationId, text: e.target.value }))}
        onKeyDown={onKeyDown}
        inputProps={{ maxLength: MAX_MESSAGE_LENGTH }}
      />
      <Button type="submit" variant="contained" endIcon={<SendIcon />} loading={sending} disabled={!canSend && !sending} aria-busy={sending} sx={{ flexShrink: 0 }}>
        Send
      </Button>
    </Box>
  );
}

function Thread({ id }: { id: string }) {
  const { data, isLoading, isError, error, refetch } = useGetStaffThreadQuery(id);
  const messages = data ? threadMessages.getSelectors().selectAll(data.messages) : [];
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (isLoading) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', p: 6 }}>
        <CircularProgress aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          Loading the conversation…
        </Box>
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
        {errorMessage(error) || STAFF_TEXT.loadFailed}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 280px' }, minHeight: '100%' }}>
      <Box component="section" aria-labelledby="thread-title" sx={{ display: 'flex', flexDirection: 'column', minHeight: { xs: 'calc(100vh - 110px)', md: 'calc(100vh - 90px)' } }}>
        <Box sx={{ px: 2, py: 1.5, borderBottom: `1px solid ${brand.line}`, bgcolor: 'background.paper' }}>
          <Link component={RouterLink} to="/staff/inbox" sx={{ display: { md: 'none' }, fontSize: '0.9rem' }}>
            ← All conversations
          </Link>
          <Typography id="thread-title" component="h2" variant="h6">
            {data.customer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {data.customer.email}
          </Typography>
        </Box>
        <Box role="log" aria-label={`Messages with ${data.customer.name}`} sx={{ flexGrow: 1, p: 2, display: 'flex', flexDirection: 'column', gap: 1, bgcolor: brand.cream }}>
          {messages.length === 0 && <Typography color="text.secondary">{STAFF_TEXT.threadEmpty}</Typography>}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {messages.map((m) => (
              <Box
                component="li"
                key={m._id}
                data-testid="staff-message"
                data-from={m.isAdmin ? 'staff' : 'shopper'}
                sx={{
                  alignSelf: m.isAdmin ? 'flex-end' : 'flex-start',
                  maxWidth: '85%',
                  px: 1.5,
                  py: 1,
                  borderRadius: '14px',
                  bgcolor: m.isAdmin ? '#0B5C56' : 'background.paper',
                  color: m.isAdmin ? '#fff' : 'text.primary',
                  border: m.isAdmin ? 'none' : `1px solid ${brand.line}`,
                }}
              >
                <Typography component="p" variant="caption" sx={{ fontWeight: 700 }}>
                  {m.isAdmin ? 'Staff' : data.customer.name} · {formatWhen(m.createdAt)}
                </Typography>
                <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.body}
                </Typography>
              </Box>
            ))}
          </Box>
          <div ref={end} />
        </Box>
        <ReplyBox conversationId={id} email={data.customer.email} />
      </Box>
      <Box component="aside" aria-labelledby="customer-orders" sx={{ p: 2, borderLeft: { lg: `1px solid ${brand.line}` }, borderTop: { xs: `1px solid ${brand.line}`, lg: 'none' }, bgcolor: 'background.paper' }}>
        <Typography id="customer-orders" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {data.customer.name.split(' ')[0]}’s orders
        </Typography>
        {data.orders.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {STAFF_TEXT.noOrders}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {data.orders.map((o) => (
              <li key={o._id}>
                <Box component={RouterLink} to={`/staff/orders/${o._id}`} sx={{ display: 'grid', gap: 0.5, p: 1.25, borderRadius: 2, border: `1px solid ${brand.line}`, color: 'text.primary', textDecoration: 'none', '&:hover': { bgcolor: brand.cream } }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {orderTitle(o)}
                    </Typography>
                    <Typography component="span">{formatMoney(o.amount)}</Typography>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                    <StatusChip status={o.status} />
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatWhen(o.date)}
                    </Typography>
                  </Box>
                </Box>
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * The support inbox (`/staff/inbox`, `/staff/inbox/:id`; issues 18, 27): conversations newest first, live; the
 * open one's thread with a reply box, and that shopper's orders beside it. On a phone the list and
 * the thread take turns.
 */
export function InboxPage() {
  const { conversationId } = useParams();
  const openId = conversationId && /^[0-9a-f]{24}$/.test(conversationId) ? conversationId : null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, minHeight: { md: 'calc(100vh - 56px)' } }}>
      <Box sx={{ display: { xs: openId ? 'none' : 'block', md: 'block' }, minWidth: 0, bgcolor: 'background.paper', borderRight: { md: `1px solid ${brand.line}` } }}>
        <ConversationList openId={openId} />
      </Box>
      <Box sx={{ display: { xs: openId ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
        {openId ? (
          <Thread key={openId} id={openId} />
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4 }}>
            <Typography color="text.secondary">{conversationId ? 'This conversation does not exist.' : STAFF_TEXT.pickConversation}</Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
