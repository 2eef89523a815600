// The data meter: bytes of Darasa video (playlists and segments, counted by the player) and of lessons'
// files downloaded for offline use (PDFs, resources; decision 0064) this browser fetched this ISO week,
// kept in localStorage so it survives reloads; a new week starts from zero.
import { useSyncExternalStore } from 'react';

const KEY = 'darasa.dataMeter';

const listeners = new Set<() => void>();

/** "2026-W48": the ISO 8601 week of a date (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

function read(): number {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { week?: string; bytes?: number } | null;
    return stored?.week === isoWeek(new Date()) && Number.isFinite(stored.bytes) ? Number(stored.bytes) : 0;
  } catch {
    return 0; // blocked or unreadable storage: count from zero
  }
}

let current: number | null = null;

/** Adds downloaded bytes to this week's total. */
export function countBytes(bytes: number): void {
  if (!(bytes > 0)) return;
  current = read() + bytes; // re-read: another tab may have counted too
  try {
    localStorage.setItem(KEY, JSON.stringify({ week: isoWeek(new Date()), bytes: current }));
  } catch {
    // Not kept, but still shown now.
  }
  for (const l of listeners) l();
}

export function useWeeklyVideoBytes(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (current ??= read()),
    () => 0,
  );
}

/** The week's video data as "3.4 MB", "42 MB" (one decimal below 10 MB; the player's meter says "This week: …" in the page's language). */
export function formatWeekly(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
