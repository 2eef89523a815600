/**
 * A file's size as people read it: "2.4 MB", "36 MB", "340 KB" (decimal units, as the data meter counts;
 * one decimal below 10 MB; never "0 KB").
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_000_000) {
    const mb = bytes / 1_000_000;
    return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
