// The screens specs look at pages on: a phone, and the rule that nothing scrolls sideways.
import { expect, type Page } from '@playwright/test';

/** A learner's phone: 390×844 CSS px at DPR 3, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Nothing wider than the screen: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
