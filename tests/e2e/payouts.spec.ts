// A creator gets paid, in the browser: a learner buys a course (M-Pesa simulator), the holding period
// passes, the creator verifies a payout number (KES 1 B2C check), withdraws and sees the M-Pesa receipt;
// the admin sees the platform fee. The hold passes by time travel in the database (docs/decisions/0018):
// the sale's ledger lines are made available now, no clock knob exists in the production build.
import { expect, test } from '@playwright/test';
import { demoDatabase } from './demoDatabase.ts';
import { buyFirstPaidCourse } from '#tests/e2e/courses.ts';
import { registerLearner, signedIn } from '#tests/e2e/people.ts';
import { PHONE } from '#tests/e2e/screens.ts';
import { formatStamp } from '#common/i18n/formatting.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';
const kes = (n: number) => `KES ${new Intl.NumberFormat('en-KE').format(n)}`;

test('a sale is held, paid out to the creator’s M-Pesa with a receipt, and the admin sees the fee', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The learner buys the first paid course.
  await registerLearner(page, { first: 'Otieno' });
  await buyFirstPaidCourse(page);

  const db = demoDatabase();
  const sale = db
    .prepare(
      `select p.amount, u.email, u.id as creatorId from payment p join course c on c.id = p.courseId
       join user u on u.id = c.creatorId where p.status = 'paid' order by p.paidAt desc limit 1`,
    )
    .get() as { amount: number; email: string; creatorId: string };
  const fee = Math.round(sale.amount * 0.1);

  // The creator, on a phone: the sale is pending during the hold.
  const creator = await signedIn(browser, sale.email, PHONE);
  await creator.goto('/creator');
  await creator.getByRole('link', { name: 'Earnings' }).click();
  await expect(creator.getByRole('heading', { name: 'Earnings' })).toBeVisible();
  await expect(creator.getByTestId('pending')).not.toHaveText('KES 0');
  await expect(creator.getByRole('button', { name: /^Withdraw/ })).toBeDisabled();

  // The payout number is checked with KES 1 through M-Pesa (the simulator names its owner).
  await creator.getByLabel('M-Pesa number').fill('0708 374 149');
  await creator.getByRole('button', { name: 'Save and verify' }).click();
  await expect(creator.getByText(/Verified: 0708 374 149/)).toBeVisible({ timeout: 20_000 });

  // Time travel: the holding period is over.
  db.prepare(`update journalLine set availableAt = ? where creatorId = ? and availableAt > ?`).run(
    new Date(Date.now() - 60_000).toISOString(),
    sale.creatorId,
    new Date().toISOString(),
  );
  await creator.reload();
  const available = Number((await creator.getByTestId('available').textContent())!.replace(/\D/g, ''));
  expect(available).toBeGreaterThanOrEqual(sale.amount - fee);
  await creator.screenshot({ path: `${SHOTS}/payouts-earnings-phone.png`, fullPage: true });
  await creator.getByRole('button', { name: `Withdraw ${kes(available)}` }).click();
  await expect(creator.getByText('Payout requested.')).toBeVisible();
  const receipt = creator.getByTestId('receipt').first();
  await expect(receipt).toHaveText(/^[A-Z0-9]{10}$/, { timeout: 20_000 });
  await expect(creator.getByTestId('paid-out')).toHaveText(kes(available));
  await expect(creator.getByTestId('available')).toHaveText('KES 0');
  await creator.screenshot({ path: `${SHOTS}/payouts-paid-phone.png`, fullPage: true });
  const receiptNo = (await receipt.textContent())!;

  // The admin sees Darasa's fees (the ledger's platform account) and the payout with its receipt.
  const fees = -(
    db.prepare(`select coalesce(sum(amount), 0) as n from journalLine where account = 'platform_fees'`).get() as {
      n: number;
    }
  ).n;
  expect(fees).toBeGreaterThanOrEqual(fee - 1);
  const admin = await signedIn(browser, 'admin@darasa.test', DESKTOP);
  await admin.goto('/admin');
  await expect(admin.locator('.stat').filter({ hasText: 'Platform fees' }).locator('dd').first()).toHaveText(kes(fees));
  await admin.screenshot({ path: `${SHOTS}/payouts-admin-dashboard.png`, fullPage: true });
  await admin.goto(`/admin/payouts?q=${receiptNo}`);
  await expect(admin.getByText(receiptNo)).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/payouts-admin-list.png`, fullPage: true });
  const desktop = await signedIn(browser, sale.email, DESKTOP);
  await desktop.goto('/creator/earnings');
  await desktop.screenshot({ path: `${SHOTS}/payouts-earnings-desktop.png`, fullPage: true });
  await desktop.goto(`/creator/earnings/statement?month=${formatStamp(new Date(), 'day').slice(0, 7)}`);
  await expect(desktop.getByTestId('statement-fees')).not.toHaveText('KES 0');
  await desktop.screenshot({ path: `${SHOTS}/payouts-statement-desktop.png`, fullPage: true });
  db.close();
});

test('a payout M-Pesa disagrees about is held: the creator sees it being checked, the admin why, and settles it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const db = demoDatabase();
  const creatorRow = db
    .prepare(`select id, email from user where role = 'creator' and email is not null order by createdAt limit 1`)
    .get() as { id: string; email: string };
  // What handleStatusResult leaves when M-Pesa's answer disagrees (decision 0039), made in the database as
  // the first test makes time pass: a sent payout, its money in flight, held with the reason.
  const id = `held${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  const reason = 'M-Pesa reports the receiver as 254711000999; the payout is to 254708374149.';
  db.prepare(
    `insert into payout (id, creatorId, purpose, amount, phone, status, originatorConversationId, createdAt, updatedAt,
       holdKind, holdReason, heldAt) values (?, ?, 'withdrawal', 450, '254708374149', 'sent', ?, ?, ?, 'mismatch', ?, ?)`,
  ).run(id, creatorRow.id, id, now, now, reason, now);
  db.prepare(
    `insert into journalEntry (id, kind, creatorId, payoutId, memo, createdAt) values (?, 'payout', ?, ?, '', ?)`,
  ).run(`${id}e`, creatorRow.id, id, now);
  for (const [n, account, amount] of [
    [1, 'creator_payable', 450],
    [2, 'payouts_in_flight', -450],
  ] as const)
    db.prepare(
      `insert into journalLine (id, entryId, account, creatorId, amount, availableAt, createdAt) values (?, ?, ?, ?, ?, ?, ?)`,
    ).run(`${id}l${n}`, `${id}e`, account, creatorRow.id, amount, now, now);

  const creator = await signedIn(browser, creatorRow.email, PHONE);
  await creator.goto('/creator/earnings');
  await expect(creator.getByText('Being checked').first()).toBeVisible();
  await expect(creator.getByText(/Darasa is checking this payout with M-Pesa/).first()).toBeVisible();
  await creator.screenshot({ path: `${SHOTS}/payouts-held-phone.png`, fullPage: true });

  const admin = await signedIn(browser, 'admin@darasa.test', DESKTOP);
  await admin.goto('/admin/payouts?status=sent');
  const row = admin.getByRole('row').filter({ hasText: reason });
  await expect(row.getByText('held')).toBeVisible();
  await row.getByText('Settle').click();
  await row.getByLabel(/What Safaricom confirmed/).fill('Safaricom confirmed the transfer to the creator');
  await admin.screenshot({ path: `${SHOTS}/payouts-held-admin-desktop.png`, fullPage: true });
  await row.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Payout marked paid.')).toBeVisible();
  expect((db.prepare('select status from payout where id = ?').get(id) as { status: string }).status).toBe('paid');
  db.close();
});
