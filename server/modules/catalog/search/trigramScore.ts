// Word similarity by trigrams, the measure pg_trgm uses, for the SQLite search: FTS5's trigram index finds
// candidates that share trigrams with the query; this decides which are close enough and how close.

/** A word's trigrams as pg_trgm pads them: two spaces before, one after ("  p", " py", …, "on "). */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function dice(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return (2 * common) / (a.size + b.size);
}

/**
 * How well the text matches the query, 0 to 1: each query word scores its best text word (1 for a word
 * it begins, as typing does; else the Dice coefficient of their trigrams), averaged over the query words.
 */
export function trigramScore(queryWords: readonly string[], textWords: readonly string[]): number {
  if (queryWords.length === 0 || textWords.length === 0) return 0;
  const textTrigrams = textWords.map((w) => [w, trigrams(w)] as const);
  let sum = 0;
  for (const q of queryWords) {
    const qt = trigrams(q);
    let best = 0;
    for (const [w, wt] of textTrigrams) {
      best = Math.max(best, w.startsWith(q) ? 1 : dice(qt, wt));
      if (best === 1) break;
    }
    sum += best;
  }
  return sum / queryWords.length;
}

/** The bare trigrams of a word (no padding) as FTS5's trigram tokenizer indexes them. */
export function innerTrigrams(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= word.length; i++) out.push(word.slice(i, i + 3));
  return out;
}
