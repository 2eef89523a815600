import { useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { AssetView } from '#app/server/studio.server.ts';
import { LIMITS, STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { LESSON_KINDS, type LessonKind } from '#common/studio/episodeSchema.ts';
import { LessonTextField } from './LessonTextField.tsx';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { UploadField } from './UploadField.tsx';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';

export interface EpisodeValues {
  kind: LessonKind;
  title: string;
  /** A text lesson's Markdown. */
  body: string;
  description: string;
  video: AssetView | null;
  thumbnail: AssetView | null;
  /** A PDF lesson's file (decision 0060). */
  pdf?: AssetView | null;
}

interface Props {
  initial?: EpisodeValues;
  submitLabel: string;
  /** Resolves with the success message, or rejects with an Error whose message is shown. */
  onSubmit(values: EpisodeValues): Promise<string>;
  onCancel?(): void;
  /** The Markdown as learners will see it, rendered by the server (the same code as on save). */
  preview(body: string): Promise<string>;
}

const EMPTY: EpisodeValues = { kind: 'video', title: '', body: '', description: '', video: null, thumbnail: null };

/**
 * Adding or editing a lesson of either kind; the button stays disabled until it has a title and its video
 * (a video lesson) or its text (a text lesson).
 */
export function EpisodeForm({ initial = EMPTY, submitLabel, onSubmit, onCancel, preview }: Props) {
  const { t } = useT();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  // Bumped when an added episode clears the form, so the pickers start afresh too.
  const [generation, setGeneration] = useState(0);
  // The add form and an edit form can be on the page at once: each its own radio group.
  const kindName = useId();
  const set =
    <K extends keyof EpisodeValues>(k: K) =>
    (v: EpisodeValues[K]) =>
      setValues((s) => ({ ...s, [k]: v }));
  const text = values.kind === 'text';
  const pdf = values.kind === 'pdf';
  const ready = values.title.trim() !== '' && (text ? values.body.trim() !== '' : pdf ? !!values.pdf : !!values.video);
  const required = text
    ? STUDIO_MESSAGES.textLessonRequired
    : pdf
      ? LESSON_FILE_MESSAGES.pdfLessonRequired
      : STUDIO_MESSAGES.episodeRequired;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) {
      setFlash({ kind: 'error', text: required });
      return;
    }
    setBusy(true);
    setFlash(null);
    try {
      const text = await onSubmit(values);
      setFlash({ kind: 'success', text });
      if (!onCancel) {
        setValues(EMPTY);
        setGeneration((g) => g + 1);
      }
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : STUDIO_MESSAGES.episodeAddFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="studio-form episode-form" onSubmit={submit} noValidate>
      <fieldset className="field lesson-kind-choice">
        <legend className="field-label">{t('studio.episode.kind')}</legend>
        {LESSON_KINDS.map((kind) => (
          <label key={kind} className="lesson-kind-option">
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={values.kind === kind}
              onChange={() => set('kind')(kind)}
            />
            {t(`studio.episode.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field-label">{t('studio.episode.title')}</span>
        <input
          value={values.title}
          onChange={(e) => set('title')(e.target.value)}
          maxLength={LIMITS.title}
          name="episodeTitle"
        />
      </label>
      <label className="field">
        <span className="field-label">{t('studio.episode.description')}</span>
        <textarea
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
          maxLength={LIMITS.episodeDescription}
          rows={3}
          name="episodeDescription"
        />
      </label>
      {text ? (
        <LessonTextField value={values.body} onChange={set('body')} preview={preview} />
      ) : pdf ? (
        <UploadField
          key={`p-${generation}`}
          kind="pdf"
          label={t('studio.episode.pdf')}
          value={values.pdf ?? null}
          onChange={set('pdf')}
          required
        />
      ) : (
        <UploadField
          key={`v-${generation}`}
          kind="video"
          label={t('studio.episode.video')}
          value={values.video}
          onChange={set('video')}
          required
        />
      )}
      <UploadField
        key={`t-${generation}`}
        kind="image"
        label={t('studio.episode.thumbnail')}
        value={values.thumbnail}
        onChange={set('thumbnail')}
      />
      <SaveMessage flash={flash} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!ready || busy}>
          {busy ? t('studio.saving') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('studio.upload.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
