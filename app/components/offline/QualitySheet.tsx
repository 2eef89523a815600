import { useEffect, useRef, useState } from 'react';
import type { DownloadChoice } from '#common/offline/downloadManifest.ts';
import { formatBytes, qualityLabel } from '../../offline/formatBytes.ts';
import { useT } from '#app/i18n/useT.ts';
import '../../styles/offline.css';

export interface QualityChoice {
  quality: DownloadChoice;
  bytes: number;
}

interface Props {
  title: string;
  /** The qualities on offer with their sizes (asked of the server when the sheet opens). */
  load: () => Promise<QualityChoice[]>;
  onChoose: (quality: DownloadChoice) => void;
  onClose: () => void;
}

/** The quality choice for a download, with each size and the space left on the device. A modal dialog. */
export function QualitySheet({ title, load, onChoose, onClose }: Props) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<QualityChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [free, setFree] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    void navigator.storage
      ?.estimate?.()
      .then((e) => setFree((e.quota ?? 0) - (e.usage ?? 0)))
      .catch(() => {});
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after an error.
  useEffect(() => {
    let live = true;
    setError(null);
    load().then(
      (c) => live && setChoices(c),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  return (
    <dialog ref={dialog} className="modal dl-sheet" aria-labelledby="dl-sheet-title" onClose={onClose}>
      <h2 id="dl-sheet-title">{title}</h2>
      {/* A lesson of files only (a PDF lesson) has nothing to choose: say what is kept instead. */}
      <p className="dl-sheet-note">
        {t(choices?.length === 1 && choices[0]?.quality === 'files' ? 'dl.sheetNoteFiles' : 'dl.sheetNote')}
      </p>
      {error ? (
        <div className="dl-error" role="alert">
          <p>{t(error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('dl.tryAgain')}
          </button>
        </div>
      ) : !choices ? (
        <p className="dl-sheet-loading">{t('dl.checkingSizes')}</p>
      ) : (
        <ul className="dl-choices">
          {choices.map((c) => (
            <li key={c.quality}>
              <button
                type="button"
                className="btn btn-light dl-choice"
                disabled={free !== null && c.bytes > free}
                onClick={() => {
                  onChoose(c.quality);
                  dialog.current?.close();
                }}
              >
                <span>{qualityLabel(c.quality, t)}</span>
                <span>{formatBytes(c.bytes)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {free !== null ? <p className="dl-sheet-note">{t('dl.freeOnDevice', { free: formatBytes(free) })}</p> : null}
      <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
        {t('dl.cancel')}
      </button>
    </dialog>
  );
}
