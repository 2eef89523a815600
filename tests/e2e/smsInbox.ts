// What a phone receives, read from an SMS simulator's page as its owner would read it there.
import { type BrowserContext, expect } from '@playwright/test';

/** A fresh Safaricom-style number outside the simulators' scripted ones: "71xxxxxxx". */
export const freshNumber = () => `71${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The newest SMS to `e164` on the page of the SMS simulator at `inbox`, as a person would read it there. */
export async function readSms(context: BrowserContext, inbox: string, e164: string, matching: RegExp): Promise<string> {
  const phone = await context.newPage();
  try {
    let text = '';
    await expect
      .poll(
        async () => {
          await phone.goto(`${inbox}/__sms`);
          const texts = await phone.locator(`.sms[data-to="${e164}"] .text`).allTextContents();
          text = texts.find((t) => matching.test(t)) ?? '';
          return text;
        },
        // The receipt SMS waits for M-Pesa to confirm its receipt number: seconds, at most RECEIPT_WAIT_MS.
        { timeout: 75_000 },
      )
      .toMatch(matching);
    return text;
  } finally {
    await phone.close();
  }
}
