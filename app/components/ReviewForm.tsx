import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';

/** Rate a course 1–5 with an optional comment; saving again edits the learner's one review. */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: { rating: number; comment: string } | null }) {
  const { t } = useT();
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [saved, setSaved] = useState(!!mine);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!rating) return setStatus({ kind: 'error', text: t('reviews.chooseStars') });
    setBusy(true);
    setStatus(null);
    try {
      const res = await fetch('/api/learning/reviews', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ courseId, rating, comment }),
      });
      const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!res.ok) throw new Error(data?.error?.message ?? 'Could not save your review. Please try again.');
      setSaved(true);
      setStatus({ kind: 'ok', text: t('reviews.thanks') });
    } catch (err) {
      setStatus({
        kind: 'error',
        text: t(err instanceof Error ? err.message : 'Could not save your review. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="review-form" onSubmit={submit}>
      <h2>{t(saved ? 'reviews.yours' : 'reviews.rateCourse')}</h2>
      <fieldset className="stars">
        <legend className="sr-only">{t('reviews.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'star on' : 'star'}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('reviews.stars', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      <label className="review-comment">
        <span>{t('reviews.comment')}</span>
        <textarea value={comment} maxLength={2000} rows={3} onChange={(e) => setComment(e.currentTarget.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t(busy ? 'reviews.saving' : saved ? 'reviews.update' : 'reviews.submit')}
      </button>
      {status ? (
        <p role={status.kind === 'error' ? 'alert' : 'status'} className={`review-${status.kind}`}>
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
