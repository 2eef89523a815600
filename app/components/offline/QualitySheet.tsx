import { useEffect, useRef, useState } from 'react';
import type { DownloadQuality } from '#common/offline/downloadManifest.ts';
import { formatBytes, QUALITY_LABEL } from '../../offline/formatBytes.ts';
import '../../styles/offline.css';

export interface QualityChoice {
  quality: DownloadQuality;
  bytes: number;
}

interface Props {
  title: string;
  /** The qualities on offer with their sizes (asked of the server when the sheet opens). */
  load: () => Promise<QualityChoice[]>;
  onChoose: (quality: DownloadQuality) => void;
  onClose: () => void;
}

/** The quality choice for a download, with each size and the space left on the device. A modal dialog. */
export function QualitySheet({ title, load, onChoose, onClose }: Props) {
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
      <p className="dl-sheet-note">Choose a quality. Downloads play without a connection for 30 days.</p>
      {error ? (
        <div className="dl-error" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : !choices ? (
        <p className="dl-sheet-loading">Checking sizes…</p>
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
                <span>{QUALITY_LABEL[c.quality]}</span>
                <span>{formatBytes(c.bytes)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {free !== null ? <p className="dl-sheet-note">{formatBytes(free)} free on this device</p> : null}
      <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
        Cancel
      </button>
    </dialog>
  );
}
