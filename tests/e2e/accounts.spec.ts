// Accounts in the browser: signing up as each role, the welcome dialogs, signing out and in, the
// "Invalid email or password" path, and a visitor's purchase journey coming back to its course.
import { expect, test, type Page } from '@playwright/test';
import { unique } from '#tests/e2e/people.ts';

async function register(
  page: Page,
  who: { name: string; email: string; role: 'Learn (Customer)' | 'Teach (Creator)' },
) {
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill('secret1');
  const phone = page.getByLabel('Phone (M-Pesa)');
  await expect(phone).toHaveValue('+254 ');
  // Letters are dropped and the number stops at 9 digits.
  await phone.pressSequentially('7a12 345 6789');
  await expect(phone).toHaveValue('+254 712345678');
  await page.getByLabel(who.role).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test('register as a creator: success dialog, then the creator dashboard', async ({ page }) => {
  await page.goto('/register?role=creator');
  await expect(page.getByLabel('Teach (Creator)')).toBeChecked();
  const name = `Amani ${unique()}`;
  await register(page, { name, email: `amani.${unique()}@example.com`, role: 'Teach (Creator)' });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Account created successfully!' })).toBeVisible();
  // It closes itself (after 3000 ms) and lands on the role's page.
  await expect(page).toHaveURL(/\/creator$/, { timeout: 10_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name })).toHaveAttribute(
    'href',
    '/creator',
  );
});

test('register as a customer, sign out, then sign in again after a wrong password', async ({ page }) => {
  const name = `Wanjiku ${unique()}`;
  const email = `wanjiku.${unique()}@example.com`;
  await page.goto('/register');
  await register(page, { name, email, role: 'Learn (Customer)' });
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${name}!` })).toBeVisible();
  for (const tab of ['All Courses', 'Featured', 'My Courses'])
    await expect(page.getByRole('link', { name: tab })).toBeVisible();
  await page.getByRole('link', { name: 'My Courses' }).click();
  await expect(page.getByText('You have not bought any courses yet')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  // The session is gone on the server: the customer page sends us to sign in, and back afterwards.
  await page.goto('/customer');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcustomer$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  const button = page.getByRole('button', { name: 'Sign In' });
  await button.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(button).toBeEnabled();
  await page.getByLabel('Password').fill('secret1');
  await button.click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: `Welcome back, ${name}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
});

test('a visitor pressing "Purchase Course" signs up and comes back to that course', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region').filter({ hasText: 'FEATURED' }).getByRole('link', { name: 'View Course' }).click();
  await expect(page).toHaveURL(/\/course\/[0-9A-Za-z_-]+$/);
  const coursePath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Purchase Course' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/register\\?redirectTo=${encodeURIComponent(coursePath)}$`));
  await register(page, {
    name: `Otieno ${unique()}`,
    email: `otieno.${unique()}@example.com`,
    role: 'Learn (Customer)',
  });
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${coursePath}$`), { timeout: 10_000 });
});

test('sign-up errors are shown next to the form and the button works again', async ({ page, request, baseURL }) => {
  const taken = `taken.${unique()}@example.com`;
  const first = await request.post('/api/account/register', {
    headers: { origin: baseURL! },
    data: { name: 'Taken', email: taken, password: 'secret1', phone: '+254712345678', role: 'customer' },
  });
  expect(first.status()).toBe(201);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Full name is required');
  await page.getByLabel('Full name').fill('Baraka');
  await page.getByLabel('Email').fill(taken.toUpperCase());
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
  await page.getByLabel('Password').fill('123456');
  await page.getByLabel('Phone (M-Pesa)').pressSequentially('712345678');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The server's answer: that email (in other letter case) already has an account.
  await expect(page.getByRole('alert')).toContainText('An account with this email already exists');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-up form still works and the dialog still moves on', async ({ page }) => {
    const name = `Njeri ${unique()}`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(`njeri.${unique()}@example.com`);
    await page.getByLabel('Password').fill('secret1');
    await page.getByLabel('Phone (M-Pesa)').fill('+254 712345678');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Account created successfully!' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${name}!` })).toBeVisible();
  });
});
