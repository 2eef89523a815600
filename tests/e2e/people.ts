// The people a spec acts as: new learners and creators signed up through the form (and the code e-mailed to
// them), and the demo accounts (server/seed) signed in.
import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { signUpCode, enterSignUpCode } from '#tests/e2e/outbox.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'darasa-demo';
/** The password of every account a spec signs up. */
export const PASSWORD = 'secret1';

/** A string no earlier run used, for names and e-mail addresses on the shared servers. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/account/sign-in', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** A browser of its own (a phone with PHONE as options), signed in as `email`. */
export async function signedIn(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, email);
  return page;
}

interface NewAccount {
  /** The first name; a unique surname is added. */
  first?: string;
  /** The nine digits after +254 (the form's M-Pesa number, used to prefill purchases). */
  phone?: string;
}

/** Signs a new learner up on `page`, which is left on their page (/customer). */
export async function registerLearner(page: Page, { first = 'Njeri', phone = '708374149' }: NewAccount = {}) {
  await page.goto('/register');
  return signUp(page, { first, phone, role: 'Learn (Customer)', home: '/customer' });
}

/** Signs a new creator up on `page`, which is left on their studio (/creator). */
export async function registerCreator(page: Page, { first = 'Neema', phone = '712345678' }: NewAccount = {}) {
  await page.goto('/register?role=creator');
  return signUp(page, { first, phone, role: 'Teach (Creator)', home: '/creator' });
}

async function signUp(
  page: Page,
  { first, phone, role, home }: Required<NewAccount> & { role: string; home: string },
): Promise<{ name: string; email: string }> {
  const name = `${first} ${unique()}`;
  const email = `${first.toLowerCase()}.${unique()}@example.com`;
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Phone (M-Pesa)').pressSequentially(phone);
  await page.getByLabel(role).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The code step: the code from the e-mail makes the account.
  await enterSignUpCode(page, email);
  // Signed up (the session cookie came with the answer): on to their page without waiting out the welcome
  // dialog's 3 s (accounts.spec.ts follows the dialog itself).
  await expect(page.getByRole('heading', { name: 'Account created successfully!' })).toBeVisible();
  await page.goto(home);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
  return { name, email };
}

/**
 * Signs `form` up through the API as a script would: the form (202), then the code from the server's outbox
 * (201 and the session cookie, kept by `request`'s context).
 */
export async function signUpByApi(request: APIRequestContext, baseURL: string, form: Record<string, string>) {
  const started = await request.post('/api/account/register', { headers: { origin: baseURL }, data: form });
  expect(started.status(), `sign-up form of ${form.email}`).toBe(202);
  const { challengeId } = (await started.json()) as { challengeId: string };
  const code = await signUpCode(baseURL, form.email!);
  const done = await request.post('/api/account/register/code', {
    headers: { origin: baseURL },
    data: { challengeId, code },
  });
  expect(done.status(), `sign-up code of ${form.email}`).toBe(201);
}
