// Anonymous pages and their data requests, kept in memory as finished, compressed bytes. Any catalog change
// clears it (publishing and edits show at once); only GETs without a session cookie are read or written.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #limit: number;
  #generation = 0;
  /** Lookups answered and not answered from memory (the /metrics hit ratio). */
  hits = 0;
  misses = 0;

  readonly #changedElsewhere: () => boolean;

  /** `changedElsewhere`: asked before every lookup and store; true clears the cache (another process's change). */
  constructor(limit: number, changedElsewhere: () => boolean = () => false) {
    this.#limit = limit;
    this.#changedElsewhere = changedElsewhere;
  }

  get generation(): number {
    return this.#generation;
  }

  /** The generation after hearing of other processes' changes (which clear the cache): moves on every change. */
  version(): number {
    if (this.#changedElsewhere()) this.clear();
    return this.#generation;
  }

  get(key: string): CachedPage | undefined {
    if (this.#changedElsewhere()) this.clear();
    const hit = this.#entries.get(key);
    if (!hit) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Refresh recency: Map keeps insertion order, so the first key is the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit;
  }

  /** Stores a page rendered during `generation`; dropped if the catalog changed meanwhile. */
  set(key: string, generation: number, page: Omit<CachedPage, 'gzip' | 'br'>): void {
    if (this.#changedElsewhere()) this.clear();
    if (this.#limit === 0 || generation !== this.#generation) return;
    const gzip = gzipSync(page.body, { level: 9 });
    const br = brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    if (this.#entries.size >= this.#limit) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { ...page, gzip, br });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
