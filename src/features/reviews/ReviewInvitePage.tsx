import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { REVIEW_MESSAGES } from '../../domain/reviews';
import { useAppDispatch } from '../../store/hooks';
import { useGetMyReviewQuery, useGetReviewInviteQuery } from './reviewsApi';
import { reviewFormOpened } from './reviewsSlice';

/**
 * /review?token=… (behind RequireAuth): the link of the e-mail sent after a delivery. A valid
 * link opens the review form of its product on the product page (the shopper's saved review when
 * they wrote one); an expired or altered one says so. Posting still checks the purchase.
 */
export function ReviewInvitePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = useGetReviewInviteQuery(token, { skip: !token });
  const productId = invite.data?.productId;
  const mine = useGetMyReviewQuery(productId ?? '', { skip: !productId });
  const eligibility = mine.data;
  const settled = eligibility !== undefined || mine.isError;

  useEffect(() => {
    if (!productId || !settled) return;
    if (eligibility?.canReview) dispatch(reviewFormOpened({ productId, from: eligibility.review }));
    void navigate(`/product/${productId}#reviews`, { replace: true });
  }, [productId, settled, eligibility, dispatch, navigate]);

  if (!token || invite.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Review link
        </Typography>
        <Typography role="alert" sx={{ mb: 1, fontSize: '1.1rem' }}>
          {REVIEW_MESSAGES.inviteInvalid}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          You can still review what you received from its product page, or find it in My Orders.
        </Typography>
        <Button component={RouterLink} to="/orders" variant="contained" size="large">
          Go to My Orders
        </Button>
      </Container>
    );
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }} aria-busy="true">
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography role="status">Opening the review form…</Typography>
    </Container>
  );
}
