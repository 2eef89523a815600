import { useState } from 'react';

/** Rate a course 1–5 with an optional comment; saving again edits the learner's one review. */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: { rating: number; comment: string } | null }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [saved, setSaved] = useState(!!mine);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!rating) return setStatus({ kind: 'error', text: 'Choose 1 to 5 stars' });
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
      setStatus({ kind: 'ok', text: 'Thanks for your review!' });
    } catch (err) {
      setStatus({
        kind: 'error',
        text: err instanceof Error ? err.message : 'Could not save your review. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="review-form" onSubmit={submit}>
      <h2>{saved ? 'Your review' : 'Rate this course'}</h2>
      <fieldset className="stars">
        <legend className="sr-only">Rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'star on' : 'star'}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
            <span aria-hidden="true">★</span>
            <span className="sr-only">
              {n} star{n > 1 ? 's' : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="review-comment">
        <span>Comment (optional)</span>
        <textarea value={comment} maxLength={2000} rows={3} onChange={(e) => setComment(e.currentTarget.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : saved ? 'Update review' : 'Submit review'}
      </button>
      {status ? (
        <p role={status.kind === 'error' ? 'alert' : 'status'} className={`review-${status.kind}`}>
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
