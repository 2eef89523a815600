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
 * How well a text matches the query, 0 to 1: each query word scores its best text word (1 for a word it
 * begins, as typing does; else the Dice coefficient of their trigrams), averaged over the query words.
 * Made once per search: the query's trigrams and those of text words already seen are kept, as the
 * candidates of one search share most of their words (the same creator, category and title words).
 */
export function trigramScorer(queryWords: readonly string[]): (textWords: readonly string[]) => number {
  const query = queryWords.map((q) => [q, trigrams(q)] as const);
  const seen = new Map<string, Set<string>>();
  const of = (w: string) => {
    const known = seen.get(w);
    if (known) return known;
    const t = trigrams(w);
    seen.set(w, t);
    return t;
  };
  return (textWords) => {
    if (query.length === 0 || textWords.length === 0) return 0;
    let sum = 0;
    for (const [q, qt] of query) {
      let best = 0;
      for (const w of textWords) {
        best = Math.max(best, w.startsWith(q) ? 1 : dice(qt, of(w)));
        if (best === 1) break;
      }
      sum += best;
    }
    return sum / query.length;
  };
}

/** The bare trigrams of a word (no padding) as FTS5's trigram tokenizer indexes them. */
export function innerTrigrams(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= word.length; i++) out.push(word.slice(i, i + 3));
  return out;
}
