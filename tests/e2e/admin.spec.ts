// The admin console in the browser: only admins get in; an admin suspends a user, who is signed out at
// once; an admin unpublishes a course, which leaves the landing page at once (its creator republishes it
// afterwards, so the demo catalog is as before for the other specs).
import { expect, type Page, test } from '@playwright/test';
import { signedIn, signUpByApi, unique } from '#tests/e2e/people.ts';

const PAGES = ['/admin', '/admin/users', '/admin/courses', '/admin/purchases', '/admin/jobs', '/admin/audit'];

/** Amina's account, whose status the refused suspensions below must leave alone. */
async function aminaStatus(admin: Page): Promise<{ id: string; status: string }> {
  const found = (await (await admin.request.get('/api/admin/users?q=amina%40darasa.test')).json()) as {
    items: { id: string; status: string }[];
  };
  return found.items[0]!;
}

test('a visitor is sent to sign in from every admin page, and may not suspend anyone', async ({ browser, page }) => {
  const admin = await signedIn(browser, 'admin@darasa.test');
  const target = await aminaStatus(admin);
  expect(target.status).toBe('active');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
  const visitorPost = await page.request.post('/admin/users', { form: { intent: 'suspend', id: target.id } });
  expect(new URL(visitorPost.url()).pathname).toBe('/login');
  expect((await aminaStatus(admin)).status).toBe('active');
  await admin.context().close();
});

for (const [email, home] of [
  ['learner@darasa.test', '/customer'],
  ['creator@darasa.test', '/creator'],
] as const) {
  test(`${email} is sent to ${home} from every admin page, and may not suspend anyone`, async ({ browser }) => {
    const admin = await signedIn(browser, 'admin@darasa.test');
    const target = await aminaStatus(admin);
    const p = await signedIn(browser, email);
    for (const path of PAGES) {
      await p.goto(path);
      await expect(p).toHaveURL(new RegExp(`${home}$`));
    }
    // The page's moderation action refuses them the same way, and changes nothing.
    const post = await p.request.post('/admin/users', { form: { intent: 'suspend', id: target.id } });
    expect(new URL(post.url()).pathname).toBe(home);
    expect((await aminaStatus(admin)).status).toBe('active');
    await p.context().close();
    await admin.context().close();
  });
}

test('an admin opens every admin page; a mistyped list address explains itself', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin@darasa.test');
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(admin.getByText('Published', { exact: true })).toBeVisible();
  for (const [path, heading] of [
    ['/admin/users', 'Users'],
    ['/admin/courses', 'Courses'],
    ['/admin/purchases', 'Purchases'],
    ['/admin/jobs', 'Failed media jobs'],
    ['/admin/audit', 'Audit log'],
  ] as const) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await admin.goto('/admin/users?size=5000');
  await expect(admin.getByRole('alert')).toContainText('Invalid list parameter "size"');
  await admin.context().close();
});

test('an admin suspends a user, who is signed out at once', async ({ browser, baseURL }) => {
  const email = `suspend.${unique()}@example.com`;
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signUpByApi(customer.request, baseURL!, {
    name: 'Otieno Test',
    email,
    password: 'secret1',
    phone: '+254 712345678',
    role: 'customer',
  });
  await customer.goto('/customer');
  await expect(customer).toHaveURL(/\/customer$/);

  const admin = await signedIn(browser, 'admin@darasa.test');
  admin.on('dialog', (d) => void d.accept());
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = admin.locator(`tr[data-user-email="${email}"]`);
  await row.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByText('suspended', { exact: true })).toBeVisible();

  await customer.goto('/customer');
  await expect(customer).toHaveURL(/\/login\?redirectTo=%2Fcustomer$/);

  await admin.goto('/admin/audit');
  await expect(admin.getByRole('cell', { name: new RegExp(`email: ${email.replace('.', '\\.')}`) })).toBeVisible();
  await customerContext.close();
  await admin.context().close();
});

test('an admin unpublishes a course, which leaves the landing page at once', async ({ browser, page }) => {
  const title = 'Starting a Mitumba Business';
  await page.goto('/');
  await expect(page.getByText(title).first()).toBeVisible();

  const admin = await signedIn(browser, 'admin@darasa.test');
  admin.on('dialog', (d) => void d.accept());
  await admin.goto(`/admin/courses?q=${encodeURIComponent('Mitumba')}`);
  const row = admin.locator(`tr[data-course-title="${title}"]`);
  await row.getByRole('button', { name: 'Unpublish' }).click();
  await expect(row.getByText('draft', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // Its creator publishes it again, leaving the demo catalog as it was.
  const courseId = (await row.getByRole('link', { name: title }).getAttribute('href'))!.split('/').pop()!;
  const creator = await signedIn(browser, 'creator@darasa.test');
  const got = (await (await creator.request.get(`/api/studio/courses/${courseId}`)).json()) as Record<string, unknown>;
  const current = (got.course ?? got) as {
    title: string;
    description: string;
    price: number;
    category: string;
    thumbnail: { id: string } | null;
    trailer: { id: string } | null;
  };
  const put = await creator.request.put(`/api/studio/courses/${courseId}`, {
    data: {
      title: current.title,
      description: current.description,
      price: current.price,
      category: current.category,
      thumbnailId: current.thumbnail?.id ?? null,
      trailerId: current.trailer?.id ?? null,
      published: true,
    },
  });
  expect(put.status()).toBe(200);
  await page.goto('/');
  await expect(page.getByText(title).first()).toBeVisible();
  await creator.context().close();
  await admin.context().close();
});
