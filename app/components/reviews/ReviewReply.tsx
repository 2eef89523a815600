import { useState } from 'react';
import { reviewsApi } from './reviewsApi.ts';
import { useT } from '#app/i18n/useT.ts';

/**
 * The creator's reply under a review, and for the course's creator the form to write or edit it (one
 * reply per review).
 */
export function ReviewReply({
  reviewId,
  creatorName,
  initial,
  canReply,
}: {
  reviewId: string;
  creatorName: string;
  initial: string | null;
  canReply: boolean;
}) {
  const { t } = useT();
  const [reply, setReply] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await reviewsApi<{ reply: string }>(
        `/${reviewId}/reply`,
        { json: { reply: draft } },
        'Could not save your reply. Please try again.',
      );
      setReply(saved.reply);
      setEditing(false);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {reply && !editing ? (
        <div className="review-reply">
          <p className="review-reply-by">{t('reviews.replyFrom', { name: creatorName })}</p>
          <p className="review-text">{reply}</p>
        </div>
      ) : null}
      {canReply && editing ? (
        <form className="review-reply-form" onSubmit={save}>
          <label>
            <span>{t('reviews.yourReply')}</span>
            <textarea
              value={draft}
              maxLength={2000}
              rows={3}
              required
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
          </label>
          <div className="review-actions">
            <button type="submit" className="btn btn-primary review-btn" disabled={busy}>
              {t(busy ? 'reviews.saving' : 'reviews.saveReply')}
            </button>
            <button type="button" className="btn btn-ghost review-btn" onClick={() => setEditing(false)}>
              {t('reviews.cancel')}
            </button>
          </div>
          {error ? (
            <p role="alert" className="review-error">
              {t(error)}
            </p>
          ) : null}
        </form>
      ) : null}
      {canReply && !editing ? (
        <button type="button" className="btn btn-ghost review-btn" onClick={() => setEditing(true)}>
          {t(reply ? 'reviews.editReply' : 'reviews.reply')}
        </button>
      ) : null}
    </>
  );
}
