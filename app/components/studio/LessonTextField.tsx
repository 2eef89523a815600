import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { LIMITS } from '#common/studio/messages.ts';
import { LessonText } from '../lessons/LessonText.tsx';

interface Props {
  value: string;
  onChange(body: string): void;
  preview(body: string): Promise<string>;
}

/**
 * A text lesson's Markdown with a preview the server renders (the same sanitising as the saved lesson, so
 * what the creator sees is what learners get, and no Markdown library ships to the browser).
 */
export function LessonTextField({ value, onChange, preview }: Props) {
  const { t } = useT();
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function show() {
    setBusy(true);
    setError(null);
    try {
      setHtml(await preview(value));
    } catch (err) {
      setHtml(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field lesson-text-field">
      <label className="field">
        <span className="field-label">{t('studio.episode.body')}</span>
        <textarea
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setHtml(null);
          }}
          maxLength={LIMITS.lessonBody}
          rows={12}
          name="lessonBody"
          aria-describedby="lesson-body-hint"
        />
      </label>
      <p id="lesson-body-hint" className="field-hint">
        {t('studio.episode.bodyHint')}
      </p>
      <button type="button" className="btn btn-ghost btn-small" onClick={show} disabled={busy || !value.trim()}>
        {t('studio.episode.preview')}
      </button>
      {error ? (
        <p className="form-message error" role="alert">
          {t(error)}
        </p>
      ) : null}
      {html !== null ? (
        <section className="lesson-preview">
          <h4>{t('studio.episode.previewTitle')}</h4>
          <LessonText html={html} label={t('studio.episode.previewTitle')} />
        </section>
      ) : null}
    </div>
  );
}
