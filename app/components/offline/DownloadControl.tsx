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
import { formatBytes, qualityLabel } from '../../offline/formatBytes.ts';
import { useT } from '#app/i18n/useT.ts';
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
  const { t } = useT();
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
      title={t('dl.downloadTitle', { label })}
      load={load}
      onChoose={(q) => void startDownload(episodeId, q)}
      onClose={() => setChoosing(false)}
    />
  ) : null;

  if (state === 'none' || state === 'failed')
    return (
      <div className="dl">
        <button type="button" className="btn btn-ghost dl-btn" onClick={() => setChoosing(true)}>
          {t(state === 'failed' ? 'dl.retry' : 'dl.download')}
        </button>
        {p?.error ? (
          <p className="dl-status dl-status-error" role="alert">
            {t(p.error)}
          </p>
        ) : null}
        {sheet}
      </div>
    );
  if (state === 'done')
    return (
      <div className="dl">
        <span className="dl-status dl-done">
          <span aria-hidden="true">✓</span> {t('dl.downloaded')} • {p?.quality ? qualityLabel(p.quality, t) : ''} •{' '}
          {formatBytes(p?.total ?? 0)}
        </span>
        <button
          type="button"
          className="btn btn-ghost dl-btn"
          aria-label={t('dl.deleteLabel', { label })}
          onClick={() => void deleteDownload(episodeId)}
        >
          {t('dl.delete')}
        </button>
      </div>
    );
  return (
    <div className="dl">
      <div
        className="dl-bar"
        role="progressbar"
        aria-label={t('dl.progressLabel', { label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="dl-status" aria-live="polite">
        {t(state === 'paused' ? 'dl.paused' : state === 'waiting' ? 'dl.waiting' : 'dl.downloading')} •{' '}
        {t('dl.partOf', { done: formatBytes(p?.done ?? 0), total: formatBytes(p?.total ?? 0) })}
      </span>
      <span className="dl-actions">
        {state === 'downloading' ? (
          <button type="button" className="btn btn-ghost dl-btn" onClick={() => void pauseDownload(episodeId)}>
            {t('dl.pause')}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost dl-btn" onClick={() => void resumeDownload(episodeId)}>
            {t('dl.resume')}
          </button>
        )}
        <button type="button" className="btn btn-ghost dl-btn" onClick={() => void deleteDownload(episodeId)}>
          {t('dl.cancel')}
        </button>
      </span>
    </div>
  );
}
