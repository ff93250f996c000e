import { appPlugin } from '../lib/appPlugin';
import { ReviewInvites } from '../lib/reviewInvites';
import { ReviewsRepository } from '../repositories/reviews';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reviews, helpful votes, reports and star totals (routes/reviews.ts, routes/staffReviews.ts). */
    reviews: ReviewsRepository;
    /** Signed links in the "review what you received" e-mail. */
    reviewInvites: ReviewInvites;
  }
}

export default appPlugin('reviews', async (app) => {
  app.decorate('reviews', new ReviewsRepository(app.db, app.database.reads));
  app.decorate('reviewInvites', new ReviewInvites(app.config.jwtSecret));
});
