// Waits for a condition the test cannot get an event for (a row another process writes, a simulator's
// callback arriving): vitest's own waitFor, answering the first truthy value `check` gives. The default
// bound is vitest's per-test time-out here (vitest.config.ts), which bounded the hand-written loops before.
import { vi } from 'vitest';

export function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeout = 30_000, interval = 20 } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await check();
      if (!v) throw new Error('condition not met yet');
      return v;
    },
    { timeout, interval },
  );
}
