// Money is formatted the same in both languages ("KES 1,500"); pages in the reader's language use
// useFormat (app/i18n/useFormat.ts), which also says "Free" and the buy button's words.
export { formatKes } from '#common/i18n/formatting.ts';

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`
    : `${m}:${String(r).padStart(2, '0')}`;
}
