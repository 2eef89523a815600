import { useState } from 'react';
import type { EditorEpisode } from '#app/server/studio.server.ts';
import { CAPTION_LANGUAGE_CODES, CAPTION_LANGUAGES, CAPTION_MESSAGES } from '#common/captions/captions.ts';
import { useT } from '#app/i18n/useT.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';

/**
 * An episode's captions, one row per language: upload (a .vtt or .srt file; the server checks and converts
 * it), replace and delete. Each control is a full-size button so it works under a thumb.
 */
export function EpisodeCaptions({
  courseId,
  episode,
  onChange,
}: {
  courseId: string;
  episode: EditorEpisode;
  onChange: () => Promise<void>;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const path = (language: string) => `/courses/${courseId}/episodes/${episode.id}/captions/${language}`;

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    setFlash(null);
    try {
      await action();
      setFlash({ kind: 'success', text: success });
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : failure });
    } finally {
      setBusy(false);
      await onChange();
    }
  }

  const upload = (language: string, file: File | undefined) => {
    if (!file) return;
    void run(
      () => studioApi(path(language), { method: 'PUT', file }, CAPTION_MESSAGES.saveFailed),
      CAPTION_MESSAGES.saved,
      CAPTION_MESSAGES.saveFailed,
    );
  };
  const remove = (language: string) => {
    if (!window.confirm(t(CAPTION_MESSAGES.deleteConfirm))) return;
    void run(
      () => studioApi(path(language), { method: 'DELETE' }, CAPTION_MESSAGES.deleteFailed),
      CAPTION_MESSAGES.deleted,
      CAPTION_MESSAGES.deleteFailed,
    );
  };

  return (
    <div className="studio-captions">
      <h4 className="studio-captions-heading">{t('studio.captions.title')}</h4>
      <ul>
        {CAPTION_LANGUAGE_CODES.map((language) => {
          const name = CAPTION_LANGUAGES[language];
          const have = episode.captions.find((c) => c.language === language);
          return (
            <li key={language} className="studio-caption">
              <span className="studio-caption-state">
                {name}: {have ? t('studio.captions.count', { count: have.cues }) : t('studio.captions.none')}
              </span>
              <label className={`btn btn-ghost btn-small studio-caption-file${busy ? ' disabled' : ''}`}>
                {have ? t('studio.captions.replace') : t('studio.captions.upload')}
                <input
                  type="file"
                  accept=".vtt,.srt,text/vtt"
                  className="sr-only"
                  disabled={busy}
                  aria-label={t(have ? 'studio.captions.replaceOne' : 'studio.captions.uploadOne', {
                    name,
                    n: episode.order,
                  })}
                  onChange={(e) => {
                    upload(language, e.currentTarget.files?.[0]);
                    e.currentTarget.value = '';
                  }}
                />
              </label>
              {have ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-small danger"
                  disabled={busy}
                  onClick={() => remove(language)}
                  aria-label={t('studio.captions.deleteOne', { name, n: episode.order })}
                >
                  {t('studio.episodes.delete')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <SaveMessage flash={flash} />
    </div>
  );
}
