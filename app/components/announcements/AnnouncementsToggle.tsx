import { useEffect, useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';

const FAILED = 'Failed to save. Please try again.';

/**
 * An owner's switch for a course's announcements and new-lesson notices (decision 0062), on the learning
 * page. Shown once the server says this person owns the course (the creator and admins see nothing).
 */
export function AnnouncementsToggle({ courseId }: { courseId: string }) {
  const { t } = useT();
  const id = useId();
  const url = `/api/learning/courses/${courseId}/announcements`;
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ off: boolean }>) : null))
      .then((r) => {
        if (live && r) setOn(!r.off);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);

  if (on === null) return null;

  async function change(next: boolean) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ off: !next }),
        credentials: 'same-origin',
      });
      const body = (await res.json().catch(() => null)) as { off?: boolean; error?: { message?: string } } | null;
      if (!res.ok) throw new Error(res.status < 500 && body?.error?.message ? body.error.message : FAILED);
      setOn(!body?.off);
    } catch (err) {
      setError(err instanceof Error ? err.message : FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="announce-toggle">
      <label className="announce-switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={`${id}-hint`}
          checked={on}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>{t('announce.toggle')}</span>
      </label>
      <p className="announce-hint" id={`${id}-hint`}>
        {t('announce.toggleHint')}
      </p>
      {error ? (
        <p className="announce-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
