// A per-client limit for viewing events, kept in memory: events are best-effort figures, so a per-process
// fixed window is enough and costs no database write (unlike sign-in limits, which must hold across
// processes). A actor sends a heartbeat every ~15 s; the limit leaves room for several tabs.
const WINDOW_MS = 60_000;
const MAX_PER_WINDOW = 60;
const PRUNE_AT = 50_000;

export class EventRateLimiter {
  #windows = new Map<string, { start: number; count: number }>();

  /** Counts one event for `key`; false when over the limit. */
  allow(key: string, now = Date.now()): boolean {
    let w = this.#windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.#windows.size >= PRUNE_AT) this.#prune(now);
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return w.count <= MAX_PER_WINDOW;
  }

  #prune(now: number) {
    for (const [k, w] of this.#windows) if (now - w.start >= WINDOW_MS) this.#windows.delete(k);
  }
}
