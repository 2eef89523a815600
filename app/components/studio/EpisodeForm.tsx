import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { AssetView } from '#app/server/studio.server.ts';
import { LIMITS, STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { UploadField } from './UploadField.tsx';

export interface EpisodeValues {
  title: string;
  description: string;
  video: AssetView | null;
  thumbnail: AssetView | null;
}

interface Props {
  initial?: EpisodeValues;
  submitLabel: string;
  /** Resolves with the success message, or rejects with an Error whose message is shown. */
  onSubmit(values: EpisodeValues): Promise<string>;
  onCancel?(): void;
}

const EMPTY: EpisodeValues = { title: '', description: '', video: null, thumbnail: null };

/** Adding or editing an episode; the button stays disabled until it has a title and a video. */
export function EpisodeForm({ initial = EMPTY, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useT();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  // Bumped when an added episode clears the form, so the pickers start afresh too.
  const [generation, setGeneration] = useState(0);
  const set =
    <K extends keyof EpisodeValues>(k: K) =>
    (v: EpisodeValues[K]) =>
      setValues((s) => ({ ...s, [k]: v }));
  const ready = values.title.trim() !== '' && !!values.video;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) {
      setFlash({ kind: 'error', text: STUDIO_MESSAGES.episodeRequired });
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
      <UploadField
        key={`v-${generation}`}
        kind="video"
        label={t('studio.episode.video')}
        value={values.video}
        onChange={set('video')}
        required
      />
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
