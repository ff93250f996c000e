import { ReviewInvitePage } from '../../features/reviews';

/** /review?token=…: the review invitation's link (a private page). */
export default function ReviewInvite() {
  return <ReviewInvitePage />;
}
