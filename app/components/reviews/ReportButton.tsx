import { useState } from 'react';
import { reviewsApi } from './reviewsApi.ts';
import { useT } from '#app/i18n/useT.ts';

/**
 * "Report": sends a review to the admins' moderation queue (once per person). `reported`: this person
 * reported it before (the server says so), shown as "Reported" instead of the button.
 */
export function ReportButton({ reviewId, reported }: { reviewId: string; reported: boolean }) {
  const { t } = useT();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'error'; text?: string }>(
    reported ? { kind: 'done', text: t('reviews.reportedBefore') } : { kind: 'idle' },
  );
  const report = async () => {
    if (!window.confirm(t('reviews.reportConfirm'))) return;
    setState({ kind: 'busy' });
    try {
      await reviewsApi(`/${reviewId}/report`, {}, 'Could not report this review. Please try again.');
      setState({ kind: 'done', text: t('reviews.reported') });
    } catch (err) {
      setState({ kind: 'error', text: (err as Error).message });
    }
  };
  if (state.kind === 'done')
    return (
      <p role="status" className="review-note">
        {state.text}
      </p>
    );
  return (
    <>
      <button type="button" className="btn btn-ghost review-btn" onClick={report} disabled={state.kind === 'busy'}>
        {t(state.kind === 'busy' ? 'reviews.reporting' : 'reviews.report')}
      </button>
      {state.kind === 'error' ? (
        <p role="alert" className="review-error">
          {t(state.text ?? '')}
        </p>
      ) : null}
    </>
  );
}
