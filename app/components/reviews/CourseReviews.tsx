import { useState } from 'react';
import type { ReviewPage } from '#app/server/reviews.server.ts';
import { Rating } from '../Rating.tsx';
import { RatingBars } from './RatingBars.tsx';
import { ReportButton } from './ReportButton.tsx';
import { ReviewReply } from './ReviewReply.tsx';
import { reviewsApi } from './reviewsApi.ts';
import '../../styles/reviews.css';
import { useFormat } from '#app/i18n/useFormat.ts';

interface Props {
  courseId: string;
  creatorName: string;
  rating: number | null;
  ratingCount: number;
  distribution: { stars: number; count: number }[];
  initial: ReviewPage;
  /** The signed-in person (null for visitors): may report others' reviews. */
  viewerId: string | null;
  /** The course's creator: may reply to each review. */
  canReply: boolean;
}

/** The course page's reviews: the average, stars 5→1 with counts, then comments newest first ("Show more"). */
export function CourseReviews({
  courseId,
  creatorName,
  rating,
  ratingCount,
  distribution,
  initial,
  viewerId,
  canReply,
}: Props) {
  const { t, date } = useFormat();
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const more = async () => {
    if (!next) return;
    setLoading(true);
    setError(null);
    try {
      const page = await reviewsApi<ReviewPage>(
        `?courseId=${encodeURIComponent(courseId)}&after=${encodeURIComponent(next)}`,
        null,
        'Could not load more reviews. Please try again.',
      );
      setItems((shown) => [...shown, ...page.items.filter((r) => !shown.some((s) => s.id === r.id))]);
      setNext(page.next);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="course-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="row-title">
        {t('reviews.title')}
      </h2>
      <div className="reviews-summary">
        <p className="reviews-average">
          <Rating value={rating} />
          <span className="reviews-count">{t('reviews.ratings', { count: ratingCount })}</span>
        </p>
        <RatingBars distribution={distribution} />
      </div>
      {items.length === 0 ? <p className="empty">{t('reviews.none')}</p> : null}
      <ol className="reviews-list">
        {items.map((r) => (
          <li key={r.id} className="review" data-review-id={r.id}>
            <p className="review-head">
              <span className="review-author">{r.authorName}</span>
              <span className="review-stars">
                <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
                <span className="sr-only">{t('reviews.rated', { rating: r.rating })}</span>
              </span>
              <time dateTime={r.createdAt}>{date(r.createdAt)}</time>
            </p>
            {r.comment ? <p className="review-text">{r.comment}</p> : null}
            <div className="review-actions">
              <ReviewReply
                reviewId={r.id}
                creatorName={creatorName}
                initial={r.reply?.text ?? null}
                canReply={canReply}
              />
              {viewerId && viewerId !== r.authorId && !canReply ? (
                <ReportButton reviewId={r.id} reported={r.reported} />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {next ? (
        <button type="button" className="btn btn-ghost reviews-more" onClick={more} disabled={loading}>
          {t(loading ? 'reviews.loading' : 'reviews.more')}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="review-error">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
