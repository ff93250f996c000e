import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../components/formatDate';
import { Stars } from '../../../components/Stars';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { QUEUE_FILTERS, useGetReviewQueueQuery, type ModeratedReview, type QueueFilter } from './staffReviewsApi';
import { queueFilterChosen, queuePageChosen, queueReviewTicked, rejectClosed, rejectOpened, rejectReasonTyped, replyTyped, selectStaffReviews } from './staffReviewsSlice';
import { approveReview, approveSelected, rejectReview, sendReply } from './staffReviewsThunks';
import { own } from '../../../domain/lookup';

const FILTER_LABELS: Record<QueueFilter, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', reported: 'Reported' };
const HELD_TEXT: Record<string, string> = { link: 'Held: it holds a link', phone: 'Held: it holds a phone number', 'blocked word': 'Held: a word from the block list', reports: 'Held: reported by three shoppers' };

function QueueItem({ review }: { review: ModeratedReview }) {
  const dispatch = useAppDispatch();
  const { selected, rejecting, replies, busy } = useAppSelector(selectStaffReviews);
  const reply = replies[review._id] ?? review.shopReply ?? '';
  const titleId = `queue-${review._id}`;
  const rejectingThis = rejecting?.id === review._id;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {review.status !== 'approved' && (
          <Checkbox checked={selected.includes(review._id)} onChange={() => dispatch(queueReviewTicked(review._id))} slotProps={{ input: { 'aria-label': `Select “${review.title}” for approval` } }} />
        )}
        <Stars rating={review.rating} />
        <Typography id={titleId} component="h2" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {review.title}
        </Typography>
        <Chip size="small" label={review.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {review.author} ({review.authorEmail}) on{' '}
        <Link component={RouterLink} to={`/product/${review.productId}`} underline="always">
          {review.productName}
        </Link> · {formatDate(review.updatedAt)}
      </Typography>
      {review.heldReason && <Alert severity="warning">{own(HELD_TEXT, review.heldReason) ?? `Held: ${review.heldReason}`}</Alert>}
      {review.reportCount > 0 && (
        <Alert severity="info">
          Reported {review.reportCount} {review.reportCount === 1 ? 'time' : 'times'}: {review.reportReasons.join(' · ')}
        </Alert>
      )}
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.body}</Typography>
      {review.photos.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {review.photos.map((url, i) => (
            <Box key={url} component="img" src={url} alt={`Photo ${i + 1} of “${review.title}”`} width={80} height={80} sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 1 }} />
          ))}
        </Box>
      )}
      {review.rejectReason && review.status === 'rejected' && <Typography variant="body2">Reason given: {review.rejectReason}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {review.status !== 'approved' && (
          <Button variant="contained" disabled={busy !== null} onClick={() => dispatch(approveReview(review._id))}>
            Approve
          </Button>
        )}
        {review.status !== 'rejected' && !rejectingThis && (
          <Button variant="outlined" color="error" onClick={() => dispatch(rejectOpened(review._id))}>
            Reject
          </Button>
        )}
      </Box>
      {rejectingThis && (
        <Box component="form" method="post" noValidate onSubmit={(e) => { e.preventDefault(); void dispatch(rejectReview()); }} sx={{ display: 'grid', gap: 1 }}>
          <TextField label="Reason shown to the author" value={rejecting.reason} onChange={(e) => dispatch(rejectReasonTyped(e.target.value))} multiline minRows={2} autoFocus />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" color="error" disabled={busy !== null}>
              Reject review
            </Button>
            <Button onClick={() => dispatch(rejectClosed())}>Cancel</Button>
          </Box>
        </Box>
      )}
      {review.status === 'approved' && (
        <Box component="form" method="post" noValidate onSubmit={(e) => { e.preventDefault(); void dispatch(sendReply(review._id)); }} sx={{ display: 'grid', gap: 1 }}>
          <TextField label="Public reply from the shop" value={reply} onChange={(e) => dispatch(replyTyped({ id: review._id, text: e.target.value }))} multiline minRows={2} helperText="Shown under the review; leave empty to remove it." />
          <Box>
            <Button type="submit" variant="outlined" disabled={busy !== null}>
              Save reply
            </Button>
          </Box>
        </Box>
      )}
    </Card>
  );
}

/** /staff/reviews: the moderation queue by state, with approve, reject with a reason, bulk approve and the public reply. */
export default function ReviewsQueuePage() {
  const dispatch = useAppDispatch();
  const { filter, page, selected, busy, message } = useAppSelector(selectStaffReviews);
  const { data, isLoading, isFetching, isError } = useGetReviewQueueQuery({ status: filter, page });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h4">
        Reviews
      </Typography>
      <Tabs value={filter} onChange={(_e, v: QueueFilter) => dispatch(queueFilterChosen(v))} aria-label="Review states" variant="scrollable" allowScrollButtonsMobile>
        {QUEUE_FILTERS.map((f) => (
          <Tab key={f} value={f} label={FILTER_LABELS[f]} />
        ))}
      </Tabs>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      {filter !== 'approved' && data && data.reviews.length > 0 && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>{selected.length} selected</Typography>
          <Button variant="contained" disabled={selected.length === 0 || busy !== null} onClick={() => dispatch(approveSelected())}>
            Approve selected
          </Button>
        </Box>
      )}
      {isLoading && (
        <Box role="status" aria-label="Loading reviews" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading reviews" />
        </Box>
      )}
      {isError && <Alert severity="error">The reviews could not be loaded.</Alert>}
      {data && data.reviews.length === 0 && <Typography color="text.secondary">No {FILTER_LABELS[filter].toLowerCase()} reviews.</Typography>}
      <Box sx={{ display: 'grid', gap: 2, opacity: isFetching ? 0.7 : 1 }} aria-busy={isFetching}>
        {data?.reviews.map((r) => <QueueItem key={r._id} review={r} />)}
      </Box>
      {data && data.pages > 1 && <Pagination count={data.pages} page={page} onChange={(_e, p) => dispatch(queuePageChosen(p))} />}
    </Box>
  );
}
