// The e-mails of an end-to-end server: tests/e2e/serve.mjs writes the path of the server's temporary
// DATA_DIR to a file named by its port (dataDirFile), and the specs read the sign-up codes from
// DATA_DIR/outbox as the person would from their inbox. Nothing on the app's port serves e-mails (issue 23:
// that was an account-takeover hole).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { newestSignUpCode, outboxMessages } from '#tests/support/emailOutbox.ts';

/** Where serve.mjs keeps the DATA_DIR of the server on `port` (the same rule is written out in serve.mjs). */
export const dataDirFile = (port: number | string) =>
  path.resolve('node_modules/.cache/darasa-e2e', `data-dir-${port}`);

/** The DATA_DIR of the e2e server at `url`. */
export function dataDirOf(url: string): string {
  const file = dataDirFile(new URL(url).port);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: is the server started by tests/e2e/serve.mjs?`);
  return fs.readFileSync(file, 'utf8').trim();
}

/** The newest e-mail to `email` on the server at `url`. */
export function newestEmailTo(url: string, email: string): string | undefined {
  const to = `to: ${email.trim().toLowerCase()}\n`;
  return outboxMessages(dataDirOf(url))
    .filter((m) => m.toLowerCase().includes(to))
    .at(-1);
}

/** The code of the newest sign-up e-mail to `email` on the server at `url` (it is written before the answer). */
export async function signUpCode(url: string, email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(() => {
      code = newestSignUpCode(dataDirOf(url), email);
      return code;
    }, `a sign-up code e-mailed to ${email}`)
    .toMatch(/^\d{6}$/);
  return code!;
}

/** On /register's code step (after "Create Account"): types the e-mailed code and creates the account. */
export async function enterSignUpCode(page: Page, email: string, submit = 'Create Account') {
  await expect(page.getByText(email.trim().toLowerCase(), { exact: false }).first()).toBeVisible();
  const code = await signUpCode(page.url(), email);
  await page.getByLabel(/^(6-digit code|Msimbo wa tarakimu 6)$/).fill(code);
  await page.getByRole('button', { name: submit }).click();
}
