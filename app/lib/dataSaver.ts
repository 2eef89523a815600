// The data saver setting (caps video at 360p): the learner's own choice kept in this browser, else on by
// itself when the browser asks to save data (Save-Data, exposed as navigator.connection.saveData). Read in
// the browser rather than from the request header, so anonymous pages stay cacheable for everyone.
import type { Translate } from '#app/i18n/useT.ts';
import { useSyncExternalStore } from 'react';

export { DATA_SAVER_MAX_SHORT_SIDE } from '#common/media/videoSizes.ts';

const KEY = 'darasa.dataSaver';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === 'on' || stored === 'off') return stored === 'on';
  } catch {
    // Storage can be blocked (private modes): fall back to the browser's hint.
  }
  return !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not kept across visits, but still applied now.
  }
  current = on;
  for (const l of listeners) l();
}

let current: boolean | null = null;

export function useDataSaver(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (current ??= read()),
    () => false,
  );
  return [on, setDataSaver];
}

/** "≈ 12 MB" for a download size. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  if (mb < 1) return '< 1 MB';
  return `≈ ${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** " · Listen only < 1 MB" after a video's size, when it has sound (sizes from common/media/videoSizes.ts). */
export function listenOnlyCost(sizes: { listen: number | null } | null, t: Translate): string {
  return sizes?.listen ? t('episodes.listenOnly', { size: formatMegabytes(sizes.listen) }) : '';
}
