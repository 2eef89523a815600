import type { Page } from '@playwright/test';
import { HYDRATED } from '#common/deferredHydration.ts';

/**
 * Waits until React has taken over the page. Cached visitor pages start React only once the page is read
 * (server/http/deferHydration.ts); a test of client-side behaviour (a navigation's loading state, what a
 * hydrated page fetches) waits for it, as a visitor who reads before tapping does.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction((flag) => (window as unknown as Record<string, unknown>)[flag] === true, HYDRATED);
}
