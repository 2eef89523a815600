import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TopBar } from '../components/TopBar.tsx';
import type { DownloadMeta } from '../offline/downloadStore.ts';
import { formatBytes, QUALITY_LABEL } from '../offline/formatBytes.ts';
import { currentUserKey, DOWNLOADS_CHANGED } from '../offline/offlineKeys.ts';
import '../styles/offline.css';

export function meta() {
  return [{ title: 'Downloads — Darasa' }];
}

type Listing = { signedIn: false } | { signedIn: true; items: (DownloadMeta & { stored: number })[] };

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
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    void Promise.all([navigator.storage?.estimate?.(), navigator.storage?.persisted?.()])
      .then(([e, persisted]) => e && setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted: !!persisted }))
      .catch(() => {});
  }, []);
  if (!estimate) return null;
  const pct = estimate.quota ? Math.min(100, Math.round((estimate.usage / estimate.quota) * 100)) : 0;
  return (
    <section className="downloads-storage" aria-label="Storage on this device">
      <meter className="dl-meter" aria-label="Storage used" min={0} max={100} value={Math.max(pct, 1)} />
      <p className="dl-status">
        {formatBytes(estimate.usage)} used • {formatBytes(Math.max(0, estimate.quota - estimate.usage))} free
        {estimate.persisted ? ' • Kept by the browser' : ''}
      </p>
    </section>
  );
}

export default function Downloads() {
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-reads the list after a deletion.
  useEffect(() => {
    readListing().then(setListing, () => setError(true));
  }, [version]);
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

  const courses = new Map<string, { title: string; items: Extract<Listing, { signedIn: true }>['items'] }>();
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
        <h1>Downloads</h1>
        <Storage />
        {error ? (
          <p className="dl-status-error" role="alert">
            This browser does not let Darasa keep downloads (private browsing?).
          </p>
        ) : !listing ? (
          <p className="downloads-empty">Loading downloads...</p>
        ) : !listing.signedIn ? (
          <p className="downloads-empty">
            <Link to="/login?redirectTo=/downloads">Sign in</Link> to see your downloads.
          </p>
        ) : courses.size === 0 ? (
          <p className="downloads-empty">
            No downloads yet. Download episodes from a course you own to watch them without a connection.
          </p>
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
                    <a href={`/learn/${m.courseId}/${m.order}`}>
                      {m.order}. {m.title}
                    </a>
                    <div className="dl">
                      <span className={m.state === 'done' ? 'dl-status dl-done' : 'dl-status'}>
                        {m.state === 'done' ? 'Downloaded' : m.state === 'paused' ? 'Paused' : 'Not finished'} •{' '}
                        {QUALITY_LABEL[m.quality]} • {formatBytes(m.state === 'done' ? m.bytes : m.stored)}
                        {m.state === 'done' ? '' : ` of ${formatBytes(m.bytes)}`}
                      </span>
                      <button
                        type="button"
                        className="btn btn-ghost dl-btn"
                        aria-label={`Delete ${m.title}`}
                        onClick={() => void remove(m.episodeId)}
                      >
                        Delete
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
