import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import Flag from '@mui/icons-material/Flag';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { formatDate } from '../../components/formatDate';
import { LazyDialog, LazyDialogActions, LazyDialogContent, LazyDialogTitle } from '../../components/LazyDialog';
import { Gallery } from '../../components/Gallery';
import { NativeSelectInput, TextInput } from '../../components/OutlinedField';
import { PageLinks } from '../../components/PageLinks';
import { Stars } from '../../components/Stars';
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_SORTS, type OwnReview, type Review, type ReviewSort } from '../../domain/reviews';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../session';
import { useGetMyReviewQuery, useGetProductReviewsQuery, type ReviewPageArgs } from './reviewsApi';
import {
  reviewBodyTyped,
  reviewDeleteAsked,
  reviewDeleteCancelled,
  reviewFormClosed,
  reviewFormOpened,
  reviewPhotoRemoved,
  reviewRatingChosen,
  reviewReportClosed,
  reviewReportOpened,
  reviewReportReasonTyped,
  reviewsPageChosen,
  reviewsSortChosen,
  reviewsStarFilterChosen,
  reviewTitleTyped,
  selectReviewDraft,
  selectReviewForm,
  selectReviewReport,
  selectReviewsView,
} from './reviewsSlice';
import { attachPhoto, deleteReview, sendReport, sendReview, voteHelpful } from './reviewsThunks';
import { distributionBars, optionLabel, pageRange, PHOTO_TYPES, REVIEW_SORT_LABELS, shownDraftProblems } from './rules';
import { visuallyHidden } from '../../components/visuallyHidden';

const STATUS_TEXT: Record<OwnReview['status'], string> = {
  pending: 'Waiting for the shop to read it: it is shown to others once approved.',
  approved: 'Published.',
  rejected: 'Not published.',
};

function StarPicker({ value, onPick, error }: { value: number; onPick: (n: number) => void; error?: string }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={error ? 'review-rating-error' : undefined}>
      <Typography component="legend" sx={{ fontWeight: 800, mb: 0.5 }}>
        Your rating
      </Typography>
      <Box role="radiogroup" aria-label="Your rating" sx={{ display: 'flex', gap: 0.5 }}>
        {[1, 2, 3, 4, 5].map((n) => (
          <Box
            key={n}
            component="button"
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
            onClick={() => onPick(n)}
            sx={{
              minWidth: 44,
              minHeight: 44,
              border: 0,
              bgcolor: 'transparent',
              cursor: 'pointer',
              fontSize: 30,
              lineHeight: 1,
              color: n <= value ? '#B86E00' : 'rgba(43, 34, 51, 0.3)',
              borderRadius: 2,
              '&:focus-visible': { outline: `3px solid ${brand.coralLight}` },
            }}
          >
            ★
          </Box>
        ))}
      </Box>
      {error && (
        <Typography id="review-rating-error" color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}

function ReviewForm({ productId, productName, own }: { productId: string; productName: string; own: OwnReview | null }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((s) => selectReviewDraft(s, productId));
  const form = useAppSelector((s) => selectReviewForm(s, productId));
  const problems = shownDraftProblems(draft, form.showProblems);
  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(e.target.files ?? [])) void dispatch(attachPhoto(productId, file));
    e.target.value = '';
  };
  return (
    <Card component="form" method="post" aria-label={own ? 'Edit your review' : 'Write a review'} noValidate onSubmit={(e) => { e.preventDefault(); void dispatch(sendReview(productId)); }} sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="h6">
        {own ? 'Edit your review' : `Review the ${productName}`}
      </Typography>
      <StarPicker value={draft.rating} onPick={(rating) => dispatch(reviewRatingChosen({ productId, rating }))} error={problems.rating} />
      <TextInput
        label="Title"
        value={draft.title}
        onChange={(e) => dispatch(reviewTitleTyped({ productId, text: e.target.value }))}
        error={Boolean(problems.title)}
        helperText={problems.title ?? `${draft.title.trim().length}/${REVIEW_LIMITS.titleMax}`}
        fullWidth
      />
      <TextInput
        label="Your review"
        value={draft.body}
        multiline
        minRows={4}
        onChange={(e) => dispatch(reviewBodyTyped({ productId, text: e.target.value }))}
        error={Boolean(problems.body)}
        helperText={problems.body ?? `How does it look in hand, its size, the colours? ${draft.body.trim().length}/${REVIEW_LIMITS.bodyMax}`}
        fullWidth
      />
      <Box>
        <Typography sx={{ fontWeight: 800, mb: 1 }}>Photos ({draft.photos.length}/{REVIEW_LIMITS.photosMax})</Typography>
        <Box component="ul" aria-label="Attached photos" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {draft.photos.map((url, index) => (
            <Box component="li" key={url} sx={{ position: 'relative' }}>
              <Box component="img" src={assetUrl(url)} alt={`Photo ${index + 1}`} width={72} height={72} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 2, display: 'block' }} />
              <IconButton
                size="small"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => dispatch(reviewPhotoRemoved({ productId, index }))}
                sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
        {draft.photos.length + form.uploading < REVIEW_LIMITS.photosMax && (
          <Button component="label" variant="outlined" startIcon={<AddPhotoAlternate />} sx={{ mt: draft.photos.length ? 1.5 : 0 }}>
            {form.uploading > 0 ? 'Uploading…' : 'Add photos'}
            <input hidden type="file" accept={PHOTO_TYPES.join(',')} multiple onChange={onFiles} aria-label="Add photos" />
          </Button>
        )}
        {problems.photos && (
          <Typography color="error" variant="body2">
            {problems.photos}
          </Typography>
        )}
      </Box>
      {form.message && (
        <Alert severity={form.message.severity} role={form.message.severity === 'error' ? 'alert' : 'status'}>
          {form.message.text}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={form.saving || form.uploading > 0}>
          {form.saving ? 'Sending…' : own ? 'Save changes' : 'Send review'}
        </Button>
        <Button type="button" onClick={() => dispatch(reviewFormClosed({ productId }))}>
          Cancel
        </Button>
      </Box>
    </Card>
  );
}

/** The write / edit / delete area: the form for an eligible buyer, the reason for everyone else. */
function WriteArea({ productId, productName }: { productId: string; productName: string }) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const form = useAppSelector((s) => selectReviewForm(s, productId));
  const { data: mine, isLoading } = useGetMyReviewQuery(productId, { skip: !loggedIn });
  if (!loggedIn) {
    return (
      <Typography color="text.secondary">
        <Link component={RouterLink} to="/login">
          {REVIEW_MESSAGES.loginRequired}
        </Link>{' '}
        {REVIEW_MESSAGES.notEligible}.
      </Typography>
    );
  }
  if (isLoading || !mine) return <Skeleton variant="rounded" height={44} width={220} />;
  const own = mine.review;
  const message = form.message && !form.open ? (
    <Alert severity={form.message.severity} role={form.message.severity === 'error' ? 'alert' : 'status'}>
      {form.message.text}
    </Alert>
  ) : null;
  if (!mine.canReview && !own) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button variant="outlined" disabled aria-describedby="review-not-eligible">
          Write a review
        </Button>
        <Typography id="review-not-eligible" color="text.secondary">
          {mine.reason ?? REVIEW_MESSAGES.notEligible}
        </Typography>
        {message}
      </Box>
    );
  }
  if (form.open) return <ReviewForm productId={productId} productName={productName} own={own} />;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      {message}
      {own ? (
        <Card sx={{ p: 2, display: 'grid', gap: 1, width: '100%' }} aria-label="Your review">
          <Typography sx={{ fontWeight: 800 }}>Your review</Typography>
          <Stars rating={own.rating} />
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{own.title}</Typography>
          <Typography color="text.secondary">
            {STATUS_TEXT[own.status]}
            {own.status === 'rejected' && own.rejectReason ? ` The shop says: ${own.rejectReason}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => dispatch(reviewFormOpened({ productId, from: own }))} disabled={!mine.canReview}>
              Edit your review
            </Button>
            <Button color="error" onClick={() => dispatch(reviewDeleteAsked({ productId }))}>
              Delete
            </Button>
          </Box>
        </Card>
      ) : (
        <Button variant="contained" onClick={() => dispatch(reviewFormOpened({ productId, from: null }))}>
          Write a review
        </Button>
      )}
      <LazyDialog open={form.confirmingDelete} onClose={() => dispatch(reviewDeleteCancelled({ productId }))} aria-labelledby="delete-review-title">
        <LazyDialogTitle id="delete-review-title">Delete your review?</LazyDialogTitle>
        <LazyDialogContent>It disappears from the product page; you can write a new one later.</LazyDialogContent>
        <LazyDialogActions>
          <Button onClick={() => dispatch(reviewDeleteCancelled({ productId }))}>Keep it</Button>
          <Button color="error" variant="contained" disabled={form.deleting} onClick={() => own && void dispatch(deleteReview(productId, own._id))}>
            Delete review
          </Button>
        </LazyDialogActions>
      </LazyDialog>
    </Box>
  );
}

function ReviewItem({ review, page, loggedIn, onPhoto }: { review: Review; page: ReviewPageArgs; loggedIn: boolean; onPhoto: (photos: string[], index: number) => void }) {
  const dispatch = useAppDispatch();
  const option = optionLabel(review.option);
  const titleId = `review-${review._id}-title`;
  return (
    <Box component="article" aria-labelledby={titleId} sx={{ py: 2.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Stars rating={review.rating} />
        <Typography id={titleId} component="h3" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {review.title}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <span>{review.author}</span>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: '#1F6E43', fontWeight: 700 }}>
          <Verified sx={{ fontSize: 16 }} aria-hidden />
          Verified buyer
        </Box>
        {option && <span>{option}</span>}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.body}</Typography>
      {review.photos.length > 0 && (
        <Box component="ul" aria-label="Photos from this review" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {review.photos.map((url, i) => (
            <li key={url}>
              <Box component="button" type="button" aria-label={`Open photo ${i + 1} of ${review.photos.length} from ${review.author}`} onClick={() => onPhoto(review.photos, i)} sx={{ p: 0, border: 0, borderRadius: 2, cursor: 'zoom-in', display: 'block', '&:focus-visible': { outline: `3px solid ${brand.coralLight}` } }}>
                <Box component="img" src={assetUrl(url)} alt="" width={88} height={88} loading="lazy" sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 2, display: 'block' }} />
              </Box>
            </li>
          ))}
        </Box>
      )}
      {review.shopReply && (
        <Box sx={{ bgcolor: brand.sunSoft, borderRadius: 2, p: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 800 }}>
            Reply from LayerLoft
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.shopReply}
          </Typography>
        </Box>
      )}
      {loggedIn && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant={review.votedHelpful ? 'contained' : 'outlined'}
            aria-pressed={review.votedHelpful}
            startIcon={review.votedHelpful ? <ThumbUp fontSize="small" /> : <ThumbUpOutlined fontSize="small" />}
            onClick={() => dispatch(voteHelpful(review._id, !review.votedHelpful, page))}
          >
            Helpful ({review.helpful})
          </Button>
          <Button size="small" color="inherit" startIcon={<Flag fontSize="small" />} onClick={() => dispatch(reviewReportOpened({ reviewId: review._id }))}>
            Report
          </Button>
        </Box>
      )}
      {!loggedIn && review.helpful > 0 && (
        <Typography variant="body2" color="text.secondary">
          {review.helpful} {review.helpful === 1 ? 'shopper found' : 'shoppers found'} this helpful
        </Typography>
      )}
    </Box>
  );
}

function ReportDialog() {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectReviewReport);
  return (
    <LazyDialog open={report.reviewId !== null} onClose={() => dispatch(reviewReportClosed())} aria-labelledby="report-review-title" fullWidth maxWidth="sm">
      <Box component="form" method="post" noValidate onSubmit={(e) => { e.preventDefault(); void dispatch(sendReport()); }}>
        <LazyDialogTitle id="report-review-title">Report this review</LazyDialogTitle>
        <LazyDialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
          <TextInput
            label="What is wrong with it?"
            value={report.reason}
            multiline
            minRows={2}
            onChange={(e) => dispatch(reviewReportReasonTyped(e.target.value))}
            error={Boolean(report.error)}
            helperText={report.error ?? `${report.reason.trim().length}/${REVIEW_LIMITS.reasonMax}`}
            fullWidth
          />
        </LazyDialogContent>
        <LazyDialogActions>
          <Button onClick={() => dispatch(reviewReportClosed())}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={report.sending}>
            Send report
          </Button>
        </LazyDialogActions>
      </Box>
    </LazyDialog>
  );
}

/**
 * The product page's reviews: the average and the 5-to-1 bars (each filters the list),
 * sort, the approved reviews ten at a time, helpful votes and reports, photos in the gallery viewer,
 * and the write / edit / delete area of an eligible buyer.
 */
export function ReviewsSection({ product }: { product: { _id: string; name: string } }) {
  const dispatch = useAppDispatch();
  const productId = product._id;
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const view = useAppSelector((s) => selectReviewsView(s, productId));
  const args: ReviewPageArgs = { productId, sort: view.sort, stars: view.stars, page: view.page };
  const { data, isLoading, isFetching, isError } = useGetProductReviewsQuery(args);
  // Momentary: which review's photos are open in the viewer, and which one is shown.
  const [viewer, setViewer] = useState<{ photos: string[]; index: number } | null>(null);
  const summary = data?.summary;

  return (
    // Below the fold: laid out (and its text shaped) only when it nears the screen.
    <Box component="section" id="reviews" aria-labelledby="reviews-title" sx={{ mt: { xs: 6, md: 9 }, contentVisibility: 'auto', containIntrinsicSize: 'auto 600px' }}>
      <Typography id="reviews-title" variant="h4" component="h2" sx={{ mb: 2.5, fontSize: { xs: '1.6rem', md: '2rem' } }}>
        Reviews
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, gap: { xs: 3, md: 6 }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {summary ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Typography component="p" sx={{ fontSize: '2.6rem', fontWeight: 800, lineHeight: 1 }}>
                  {summary.count > 0 ? summary.average.toFixed(1) : '–'}
                </Typography>
                <Box sx={{ display: 'grid', gap: 0.5 }}>
                  <Stars rating={summary.average} count={summary.count} size={20} />
                  <Typography variant="body2" color="text.secondary">
                    {summary.count === 0 ? 'No reviews yet' : `${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`}
                  </Typography>
                </Box>
              </Box>
              <Box component="ul" aria-label="Filter by stars" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                {distributionBars(summary).map((bar) => (
                  <li key={bar.stars}>
                    <Box
                      component="button"
                      type="button"
                      aria-pressed={view.stars === bar.stars}
                      disabled={bar.count === 0 && view.stars !== bar.stars}
                      onClick={() => dispatch(reviewsStarFilterChosen({ productId, stars: bar.stars }))}
                      sx={{
                        width: '100%',
                        minHeight: 36,
                        display: 'grid',
                        gridTemplateColumns: '56px minmax(0, 1fr) 40px',
                        alignItems: 'center',
                        gap: 1,
                        px: 1,
                        border: '2px solid',
                        borderColor: view.stars === bar.stars ? 'primary.main' : 'transparent',
                        borderRadius: 2,
                        bgcolor: 'transparent',
                        font: 'inherit',
                        color: 'text.primary',
                        cursor: 'pointer',
                        '&:disabled': { cursor: 'default', color: 'text.secondary' },
                        '&:hover:not(:disabled)': { bgcolor: brand.sunSoft },
                        '&:focus-visible': { outline: `3px solid ${brand.coralLight}` },
                      }}
                    >
                      {/* The name is the visible text with words for what the star and the count mean (no aria-label: it would differ from what is seen). */}
                      <span>
                        {bar.stars}
                        <span aria-hidden> ★</span>
                        <Box component="span" sx={visuallyHidden}>{` ${bar.stars === 1 ? 'star' : 'stars'}: `}</Box>
                      </span>
                      <Box component="span" aria-hidden sx={{ height: 10, borderRadius: 5, bgcolor: 'rgba(43,34,51,0.1)', overflow: 'hidden' }}>
                        <Box component="span" sx={{ display: 'block', height: '100%', width: `${bar.percent}%`, bgcolor: '#B86E00' }} />
                      </Box>
                      <Box component="span" sx={{ textAlign: 'right' }}>
                        {bar.count}
                        <Box component="span" sx={visuallyHidden}>{` ${bar.count === 1 ? 'review' : 'reviews'}`}</Box>
                      </Box>
                    </Box>
                  </li>
                ))}
              </Box>
            </>
          ) : isError ? (
            <Alert severity="warning">Reviews could not be loaded right now.</Alert>
          ) : (
            <Skeleton variant="rounded" height={180} />
          )}
          <WriteArea productId={productId} productName={product.name} />
        </Box>

        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <Typography color="text.secondary" aria-live="polite">
              {data ? pageRange(data.page, data.total) : ' '}
              {view.stars !== null && ` with ${view.stars} ${view.stars === 1 ? 'star' : 'stars'}`}
            </Typography>
            <NativeSelectInput label="Sort reviews" size="small" value={view.sort} onChange={(e) => dispatch(reviewsSortChosen({ productId, sort: e.target.value as ReviewSort }))} sx={{ minWidth: 190 }}>
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {REVIEW_SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelectInput>
          </Box>
          {isLoading && <Skeleton variant="rounded" height={160} />}
          {data && data.reviews.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 3 }}>
              {view.stars !== null ? 'No reviews with this many stars.' : 'No reviews yet. Shoppers who received this product can tell others what they got.'}
            </Typography>
          )}
          {data && data.reviews.length > 0 && (
            <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isFetching}>
              {data.reviews.map((review) => (
                <ReviewItem key={review._id} review={review} page={args} loggedIn={loggedIn} onPhoto={(photos, index) => setViewer({ photos, index })} />
              ))}
            </Box>
          )}
          {data && data.pages > 1 && (
            <Box sx={{ mt: 2 }}>
              <PageLinks
                label="Review pages"
                size="small"
                count={data.pages}
                page={Math.min(view.page, data.pages)}
                onChange={(page) => dispatch(reviewsPageChosen({ productId, page }))}
                pageLabel={(page) => `Reviews page ${page}`}
                stepLabel={(step) => `Go to the ${step} page of reviews`}
              />
            </Box>
          )}
        </Box>
      </Box>
      <ReportDialog />
      <LazyDialog open={viewer !== null} onClose={() => setViewer(null)} aria-labelledby="review-photos-title" fullWidth maxWidth="md">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pr: 1 }}>
          <LazyDialogTitle id="review-photos-title">Review photos</LazyDialogTitle>
          <IconButton aria-label="Close photos" onClick={() => setViewer(null)}>
            <Close />
          </IconButton>
        </Box>
        <LazyDialogContent>
          {viewer && <Gallery images={viewer.photos} alt={`Photo ${viewer.index + 1} of ${viewer.photos.length} from a review`} selected={viewer.index} onSelect={(index) => setViewer({ ...viewer, index })} width={800} height={800} label="Review photos" />}
        </LazyDialogContent>
      </LazyDialog>
    </Box>
  );
}
