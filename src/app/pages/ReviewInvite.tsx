import { ReviewInvitePage } from '../../features/reviews/ReviewInvitePage';

/** /review?token=…: the review invitation's link (a private page). */
export default function ReviewInvite() {
  return <ReviewInvitePage />;
}
