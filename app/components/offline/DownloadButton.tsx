import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { DOWNLOADS_CHANGED, HAS_OFFLINE_FLAG } from '../../offline/offlineKeys.ts';
import { useT } from '#app/i18n/useT.ts';

// The download code (Cache Storage, the fetch loop, the quality sheet) loads only once a learner presses
// Download or this browser already holds downloads; until then this is a plain button.
const DownloadControl = lazy(() => import('./DownloadControl.tsx'));
const DownloadAllControl = lazy(() => import('./DownloadAllControl.tsx'));

function Placeholder({ label, onPress }: { label: string; onPress?: () => void }) {
  return (
    <button type="button" className="btn btn-ghost dl-btn" onClick={onPress} disabled={!onPress}>
      {label}
    </button>
  );
}

/**
 * A plain button until pressed (or until this browser holds downloads: then the real control shows their
 * state at once); `control(opened)` is the lazily loaded control, `opened` true when the press opened it.
 */
function Deferred({
  label,
  control,
  always,
}: {
  label: string;
  control: (opened: boolean) => ReactNode;
  always: boolean;
}) {
  const [active, setActive] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!always) return;
    const check = () => {
      if (localStorage.getItem(HAS_OFFLINE_FLAG)) setActive(true);
    };
    check();
    // A download started elsewhere on the page ("Download all") shows its progress here too.
    window.addEventListener(DOWNLOADS_CHANGED, check);
    return () => window.removeEventListener(DOWNLOADS_CHANGED, check);
  }, [always]);
  if (!active && !opened)
    return (
      <Placeholder
        label={label}
        onPress={() => {
          setOpened(true);
          setActive(true);
        }}
      />
    );
  return <Suspense fallback={<Placeholder label={label} />}>{control(opened)}</Suspense>;
}

/** Download one episode for offline viewing (for a learner who owns the course). */
export function DownloadButton({ episodeId, label }: { episodeId: string; label: string }) {
  const { t } = useT();
  return (
    <Deferred
      label={t('dl.download')}
      always
      control={(opened) => <DownloadControl episodeId={episodeId} label={label} openAtStart={opened} />}
    />
  );
}

/** "Download all": every episode of the course at one quality. */
export function DownloadAllButton({ episodes }: { episodes: { id: string; order: number }[] }) {
  const { t } = useT();
  const [round, setRound] = useState(0);
  return (
    <Deferred
      key={round}
      label={t('dl.downloadAll')}
      always={false}
      control={() => <DownloadAllControl episodes={episodes} onDone={() => setRound((n) => n + 1)} />}
    />
  );
}
