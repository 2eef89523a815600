/** Sizes of downloads and storage: one decimal under 10 MB (small episodes), whole MB above, GB past 1000 MB. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  if (mb >= 1000) return `${(mb / 1000).toFixed(1)} GB`;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export const QUALITY_LABEL = {
  '240p': '240p',
  '360p': '360p',
  audio: 'Listen only (audio)',
  files: 'Lesson files',
} as const;

/** The quality's name in the page's language ("Listen only" and a lesson's files have words to translate). */
export function qualityLabel(quality: keyof typeof QUALITY_LABEL, t: (id: string) => string): string {
  return quality === 'audio'
    ? t('dl.quality.audio')
    : quality === 'files'
      ? t('dl.quality.files')
      : QUALITY_LABEL[quality];
}
