/** Words a learner reads in a minute on a phone, in a second language as often as not. */
const WORDS_PER_MINUTE = 180;

/** Minutes to read a text lesson's Markdown (at least 1). */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
