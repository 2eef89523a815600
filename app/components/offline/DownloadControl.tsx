import { useCallback, useEffect, useState } from 'react';
import {
  deleteDownload,
  type DownloadProgress,
  downloadStatus,
  fetchManifest,
  pauseDownload,
  resumeDownload,
  startDownload,
  subscribe,
} from '../../offline/downloader.ts';
import { formatBytes, QUALITY_LABEL } from '../../offline/formatBytes.ts';
import { QualitySheet } from './QualitySheet.tsx';

/** An episode's download: Download (quality sheet), then progress with Pause/Resume/Cancel, then Delete. */
export default function DownloadControl({
  episodeId,
  label,
  openAtStart,
}: {
  episodeId: string;
  label: string;
  openAtStart: boolean;
}) {
  const [p, setP] = useState<DownloadProgress | null>(null);
  const [choosing, setChoosing] = useState(openAtStart);
  useEffect(() => {
    let live = true;
    void downloadStatus(episodeId).then((s) => live && setP((cur) => cur ?? s));
    const off = subscribe(episodeId, (next) => live && setP(next));
    return () => {
      live = false;
      off();
    };
  }, [episodeId]);
  const load = useCallback(
    () => fetchManifest(episodeId).then((m) => m.options.map((o) => ({ quality: o.quality, bytes: o.bytes }))),
    [episodeId],
  );

  const state = p?.state ?? 'none';
  const pct = p?.total ? Math.round((p.done / p.total) * 100) : 0;
  const sheet = choosing ? (
    <QualitySheet
      title={`Download ${label}`}
      load={load}
      onChoose={(q) => void startDownload(episodeId, q)}
      onClose={() => setChoosing(false)}
    />
  ) : null;

  if (state === 'none' || state === 'failed')
    return (
      <div className="dl">
        <button type="button" className="btn btn-ghost dl-btn" onClick={() => setChoosing(true)}>
          {state === 'failed' ? 'Retry download' : 'Download'}
        </button>
        {p?.error ? (
          <p className="dl-status dl-status-error" role="alert">
            {p.error}
          </p>
        ) : null}
        {sheet}
      </div>
    );
  if (state === 'done')
    return (
      <div className="dl">
        <span className="dl-status dl-done">
          <span aria-hidden="true">✓</span> Downloaded • {p?.quality ? QUALITY_LABEL[p.quality] : ''} •{' '}
          {formatBytes(p?.total ?? 0)}
        </span>
        <button
          type="button"
          className="btn btn-ghost dl-btn"
          aria-label={`Delete download of ${label}`}
          onClick={() => void deleteDownload(episodeId)}
        >
          Delete
        </button>
      </div>
    );
  return (
    <div className="dl">
      <div
        className="dl-bar"
        role="progressbar"
        aria-label={`Download of ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="dl-status" aria-live="polite">
        {state === 'paused' ? 'Paused' : state === 'waiting' ? 'Waiting for a connection…' : 'Downloading'} •{' '}
        {formatBytes(p?.done ?? 0)} of {formatBytes(p?.total ?? 0)}
      </span>
      <span className="dl-actions">
        {state === 'downloading' ? (
          <button type="button" className="btn btn-ghost dl-btn" onClick={() => void pauseDownload(episodeId)}>
            Pause
          </button>
        ) : (
          <button type="button" className="btn btn-ghost dl-btn" onClick={() => void resumeDownload(episodeId)}>
            Resume
          </button>
        )}
        <button type="button" className="btn btn-ghost dl-btn" onClick={() => void deleteDownload(episodeId)}>
          Cancel
        </button>
      </span>
    </div>
  );
}
