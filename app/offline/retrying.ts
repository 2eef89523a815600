// The connection often returns in steps: the 'online' event can come before a request gets through. One
// schedule for everything the device sends or fetches when back online: tried now, then again after 2 s,
// 4 s, … up to a minute while work is left and the browser says it is online.

const FIRST_MS = 2000;
const MAX_MS = 60_000;

/**
 * `attempt` resolves true when nothing is left to do; false or a rejection means try again later. The
 * returned function starts a try now (cancelling a try already scheduled) and resolves when that one ends.
 */
export function retrying(attempt: () => Promise<boolean>): () => Promise<void> {
  let delayMs = FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): Promise<void> => {
    clearTimeout(timer);
    return attempt().then(
      (done) => schedule(done),
      () => schedule(false),
    );
  };
  const schedule = (done: boolean) => {
    if (done || !navigator.onLine) {
      delayMs = FIRST_MS;
      return;
    }
    timer = setTimeout(() => void run(), delayMs);
    delayMs = Math.min(delayMs * 2, MAX_MS);
  };
  return run;
}
