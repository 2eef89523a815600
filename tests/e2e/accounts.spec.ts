// Accounts in the browser: signing up as each role (the form, then the code e-mailed to the address), the
// welcome dialogs, signing out and in, the "Invalid email or password" path, a taken address answered like
// any other (its owner gets the notice), and a visitor's purchase journey coming back to its course.
import { expect, test, type Page } from '@playwright/test';
import { signUpByApi, unique } from '#tests/e2e/people.ts';
import { enterSignUpCode, newestEmailTo, signUpCode } from '#tests/e2e/outbox.ts';
import { expectNoSidewaysScroll } from '#tests/e2e/screens.ts';

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
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await enterSignUpCode(page, who.email);
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
  // A brand-new account is welcomed, not welcomed back (decision 0048).
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}!` })).toBeVisible();
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

test('sign-up errors are shown next to the form; a taken address gets the code step like any other', async ({
  page,
  request,
  baseURL,
}) => {
  const taken = `taken.${unique()}@example.com`;
  await signUpByApi(request, baseURL!, {
    name: 'Taken',
    email: taken,
    password: 'secret1',
    phone: '+254712345678',
    role: 'customer',
  });
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
  // The same code step as for a new address: the page does not say the address has an account…
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`We sent a 6-digit code to ${taken}`);
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  // A long address fits a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  // …its owner is told, and no code was sent.
  await expect
    .poll(() => newestEmailTo(baseURL!, taken) ?? '')
    .toContain('Someone just tried to create a Darasa account');
  expect(newestEmailTo(baseURL!, taken)).not.toMatch(/\b\d{6}\b/);
  // Any code is wrong there, and the button works again.
  await page.getByLabel('6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please check the message and try again.');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  // "Change email" goes back to the form as it was filled.
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Baraka');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const fresh = `baraka.${unique()}@example.com`;
  await page.getByLabel('Email').fill(fresh);
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // A wrong code first, then the right one.
  const right = await signUpCode(page.url(), fresh);
  await page.getByLabel('6-digit code').fill(right === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please check the message and try again.');
  await page.getByLabel('6-digit code').fill(right);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Account created successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-up form and its code step still work and the dialog still moves on', async ({ page }) => {
    const name = `Njeri ${unique()}`;
    await page.goto('/register');
    const email = `njeri.${unique()}@example.com`;
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByLabel('Phone (M-Pesa)').fill('+254 712345678');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The code step is the server's page too.
    await enterSignUpCode(page, email);
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Account created successfully!' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}!` })).toBeVisible();
  });
});
