import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TopBar } from '../components/TopBar.tsx';
import { LazyVideoPlayer } from '../components/player/LazyVideoPlayer.tsx';
import { PlayerIcon } from '../components/player/PlayerIcon.tsx';
import type { DownloadMeta } from '../offline/downloadStore.ts';
import { formatBytes, qualityLabel } from '../offline/formatBytes.ts';
import {
  currentUserKey,
  DOWNLOADS_CHANGED,
  OFFLINE_DAYS_MS,
  PLAY_HASH,
  storedCopySource,
} from '../offline/offlineKeys.ts';
import { useProgressSaver } from '../lib/useProgressSaver.ts';
import { lastPosition } from '../offline/lastPosition.ts';
import { resumePosition } from '#common/learning/resumePosition.ts';
import '../styles/offline.css';
import type { LessonDownloadFile } from '#common/offline/downloadManifest.ts';
import { formatFileSize } from '#common/learning/fileSize.ts';
import { FILE_TYPE_KEY } from '../components/lessons/LessonResources.tsx';
import { metaT } from '#app/i18n/metaText.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Route } from './+types/downloads';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.downloads') }];
}

type Listing = { signedIn: false } | { signedIn: true; items: (DownloadMeta & { stored: number })[] };
type Item = Extract<Listing, { signedIn: true }>['items'][number];

/** What this browser holds for the signed-in account, read from Cache Storage (works offline). */
async function readListing(): Promise<Listing> {
  const key = currentUserKey();
  if (!key) return { signedIn: false };
  const store = await import('../offline/downloadStore.ts');
  const cache = await store.openDownloads(key);
  const metas = await store.listMetas(cache);
  return {
    signedIn: true,
    items: await Promise.all(metas.map(async (m) => ({ ...m, stored: await store.storedBytes(cache, m) }))),
  };
}

function Storage() {
  const { t } = useT();
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    void Promise.all([navigator.storage?.estimate?.(), navigator.storage?.persisted?.()])
      .then(([e, persisted]) => e && setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted: !!persisted }))
      .catch(() => {});
  }, []);
  if (!estimate) return null;
  const pct = estimate.quota ? Math.min(100, Math.round((estimate.usage / estimate.quota) * 100)) : 0;
  return (
    <section className="downloads-storage" aria-label={t('downloads.storage')}>
      <meter className="dl-meter" aria-label={t('downloads.storageUsed')} min={0} max={100} value={Math.max(pct, 1)} />
      <p className="dl-status">
        {t('downloads.usage', {
          used: formatBytes(estimate.usage),
          free: formatBytes(Math.max(0, estimate.quota - estimate.usage)),
        })}
        {estimate.persisted ? ` • ${t('downloads.kept')}` : ''}
      </p>
    </section>
  );
}

/** A finished download playing from the stored copy, its progress saved (or queued offline) as on the learning page. */
function StoredEpisodePlayer({ item }: { item: Item }) {
  const { t } = useT();
  const { onTime, flush } = useProgressSaver(item.episodeId);
  const onState = useCallback(
    (s: string) => {
      if (s === 'paused') flush();
    },
    [flush],
  );
  return (
    <div className="downloads-player">
      <LazyVideoPlayer
        src={storedCopySource(item.assetId)}
        label={t('learn.playerLabel', { order: item.order, title: item.title })}
        autoPlay
        startAt={resumePosition({ position: lastPosition(item.episodeId), duration: item.duration })}
        onTimeUpdate={onTime}
        onStateChange={onState}
        // Kept as "Listen only" (an audio lesson's only choice): sound without a picture (decision 0069).
        audio={item.quality === 'audio'}
      />
    </div>
  );
}

/**
 * A download's PDF and resources (decision 0064): the learning page's own addresses, which the service
 * worker answers from the stored copy, with or without a connection. A PDF opens in the browser's viewer.
 */
function StoredLessonFiles({ files }: { files: LessonDownloadFile[] }) {
  const { t } = useT();
  if (!files.length) return null;
  return (
    <ul className="downloads-files" aria-label={t('dl.quality.files')}>
      {files.map((f) => (
        <li key={f.path}>
          {f.path === 'files/pdf' ? (
            <a href={f.url} target="_blank" rel="noopener">
              {f.name}
              <small>
                {t(FILE_TYPE_KEY[f.type])} · {formatFileSize(f.bytes)}
              </small>
            </a>
          ) : (
            <a href={f.url} download>
              {f.name}
              <small>
                {t(FILE_TYPE_KEY[f.type])} · {formatFileSize(f.bytes)}
              </small>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function Downloads() {
  const { t, date } = useFormat();
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  // The episode playing here: tapped, or named by the offline page's link (`#play=<episodeId>`).
  const [playing, setPlaying] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-reads the list after a deletion.
  useEffect(() => {
    readListing().then(setListing, () => setError(true));
  }, [version]);
  useEffect(() => {
    if (location.hash.startsWith(PLAY_HASH)) setPlaying(decodeURIComponent(location.hash.slice(PLAY_HASH.length)));
  }, []);
  // The entitlement check may remove downloads while the page is open (a refund).
  useEffect(() => {
    const again = () => setVersion((v) => v + 1);
    window.addEventListener(DOWNLOADS_CHANGED, again);
    return () => window.removeEventListener(DOWNLOADS_CHANGED, again);
  }, []);

  const remove = async (episodeId: string) => {
    const { deleteDownload } = await import('../offline/downloader.ts');
    await deleteDownload(episodeId);
    setVersion((v) => v + 1);
  };

  const courses = new Map<string, { title: string; items: Item[] }>();
  if (listing?.signedIn)
    for (const m of listing.items) {
      const c = courses.get(m.courseId) ?? { title: m.courseTitle, items: [] };
      c.items.push(m);
      courses.set(m.courseId, c);
    }

  return (
    <>
      <TopBar />
      <main className="downloads">
        <h1>{t('downloads.title')}</h1>
        <Storage />
        {error ? (
          <p className="dl-status-error" role="alert">
            {t('downloads.blocked')}
          </p>
        ) : !listing ? (
          <p className="downloads-empty">{t('downloads.loading')}</p>
        ) : !listing.signedIn ? (
          <p className="downloads-empty">
            <Link to="/login?redirectTo=/downloads">{t('downloads.signIn')}</Link> {t('downloads.signInToSee')}
          </p>
        ) : courses.size === 0 ? (
          <p className="downloads-empty">{t('downloads.empty')}</p>
        ) : (
          [...courses].map(([courseId, c]) => (
            <section key={courseId} className="downloads-course" aria-label={c.title}>
              <h2>
                <Link to={`/course/${courseId}`}>{c.title}</Link>
                <small>{formatBytes(c.items.reduce((s, m) => s + m.stored, 0))}</small>
              </h2>
              <ul className="downloads-list">
                {c.items.map((m) => (
                  <li key={m.episodeId} className="downloads-item">
                    {m.state === 'done' && m.quality !== 'files' ? (
                      // The stored copy plays right here, with or without a connection.
                      <button
                        type="button"
                        className="downloads-play"
                        aria-expanded={playing === m.episodeId}
                        aria-label={t('downloads.playLabel', { title: `${m.order}. ${m.title}` })}
                        onClick={() => setPlaying((p) => (p === m.episodeId ? null : m.episodeId))}
                      >
                        <PlayerIcon name="play" />
                        <span>
                          {m.order}. {m.title}
                        </span>
                      </button>
                    ) : (
                      <a href={`/learn/${m.courseId}/${m.order}`}>
                        {m.order}. {m.title}
                      </a>
                    )}
                    {playing === m.episodeId && m.state === 'done' && m.quality !== 'files' ? (
                      <StoredEpisodePlayer item={m} />
                    ) : null}
                    {m.state === 'done' ? <StoredLessonFiles files={m.lessonFiles ?? []} /> : null}
                    <div className="dl">
                      <span className={m.state === 'done' ? 'dl-status dl-done' : 'dl-status'}>
                        {t(
                          m.state === 'done'
                            ? 'dl.downloaded'
                            : m.state === 'paused'
                              ? 'dl.paused'
                              : 'downloads.notFinished',
                        )}{' '}
                        • {qualityLabel(m.quality, t)} •{' '}
                        {m.state === 'done'
                          ? `${formatBytes(m.bytes)} • ${t('downloads.expires', { date: date(new Date(m.checkedAt + OFFLINE_DAYS_MS)) })}`
                          : t('dl.partOf', { done: formatBytes(m.stored), total: formatBytes(m.bytes) })}
                      </span>
                      <button
                        type="button"
                        className="btn btn-ghost dl-btn"
                        aria-label={t('downloads.deleteLabel', { title: m.title })}
                        onClick={() => void remove(m.episodeId)}
                      >
                        {t('dl.delete')}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </main>
    </>
  );
}
