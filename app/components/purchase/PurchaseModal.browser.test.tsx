// The purchase modal in Chromium with its real logic; only the payments API is faked (window.fetch).
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { json, mockApi, type ApiHandler } from '#tests/components/mockApi.ts';
import { InEnglish } from '#tests/components/inEnglish.tsx';
import { wantsAutoplay } from '#app/lib/playIntent.ts';
import type { PaymentView } from './purchaseApi.ts';
import { PurchaseModal } from './PurchaseModal.tsx';

const COURSE = { id: 'c1', title: 'Intro to Python', price: 1500 };
const PHONE_HELP = 'Enter a Kenyan M-Pesa number, like 0712 345 678.';

afterEach(() => vi.restoreAllMocks());

function payment(over: Partial<PaymentView> = {}): PaymentView {
  const now = Date.now();
  return {
    id: 'p1',
    courseId: 'c1',
    status: 'pending',
    reason: null,
    message: null,
    amount: 1500,
    phone: '254712345678',
    receipt: null,
    lateSuccess: false,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 60_000).toISOString(),
    paidAt: null,
    method: 'stk',
    paybill: { businessNumber: '174379', account: '4821907' },
    paybillOffered: false,
    ...over,
  };
}

/** The start answers with a pending payment; each poll answers with the next of `polls` (the last repeats). */
function paymentsApi(polls: PaymentView[], start: PaymentView = payment()): ApiHandler {
  let i = 0;
  return ({ method, path }) => {
    if (method === 'POST' && path === '/api/payments') return json({ kind: 'payment', payment: start });
    if (method === 'GET' && path === '/api/payments/p1')
      return json({ payment: polls[Math.min(i++, polls.length - 1)] });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  };
}

/** The learning page starts playing only when it was opened with the play intent (the learner's click). */
function LearnStub() {
  return <p>{wantsAutoplay(useLocation().state) ? 'Now watching' : 'Stopped'}</p>;
}

async function open(course = COURSE, phone = '0712 345 678') {
  const onClose = vi.fn();
  const Stub = createRoutesStub([
    { path: '/course/c1', Component: () => <PurchaseModal course={course} phone={phone} onClose={onClose} /> },
    { path: '/learn/:courseId/:n', Component: LearnStub },
  ]);
  const screen = await render(<Stub initialEntries={['/course/c1']} />, { wrapper: InEnglish });
  return {
    screen,
    onClose,
    pay: screen.getByRole('button', { name: 'Pay with M-Pesa' }),
    phoneInput: screen.getByLabelText('M-Pesa phone number'),
  };
}

describe('the form', () => {
  test('shows the course, its price as "KES 1,500" and the buyer\'s phone, ready to pay', async () => {
    const { screen, pay, phoneInput } = await open();
    await expect.element(screen.getByRole('dialog', { name: 'Intro to Python' })).toBeVisible();
    await expect.element(screen.getByText('Purchase Course')).toBeVisible();
    await expect.element(screen.getByText('KES 1,500', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('One-time payment • Lifetime access')).toBeVisible();
    await expect.element(phoneInput).toHaveValue('0712 345 678');
    await expect.element(pay).toBeEnabled();
  });

  test('a free course enrolls without asking for a phone', async () => {
    const { screen } = await open({ ...COURSE, price: 0 }, '');
    await expect.element(screen.getByText('Free', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Enroll for free' })).toBeEnabled();
    expect(screen.getByLabelText('M-Pesa phone number').query()).toBeNull();
  });

  test('a wrong number is refused before any request; the edited number is what gets sent', async () => {
    const calls = mockApi(paymentsApi([payment()]));
    const { screen, pay, phoneInput } = await open();
    await phoneInput.fill('12345');
    await pay.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(PHONE_HELP);
    await expect.element(phoneInput).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    await phoneInput.fill('0722 000 111');
    await pay.click();
    await expect.element(screen.getByText('Check your phone')).toBeVisible();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/payments',
      body: { courseId: 'c1', amount: 1500, phone: '0722 000 111' },
    });
  });

  test('"Pay with M-Pesa" is disabled as "Sending prompt…" while the request is out, and enabled again after a refusal', async () => {
    let answer!: (r: Response) => void;
    mockApi(() => new Promise((resolve) => (answer = resolve)));
    const { screen, pay } = await open();
    await pay.click();
    const sending = screen.getByRole('button', { name: 'Sending prompt…' });
    await expect.element(sending).toBeDisabled();
    answer(json({ error: { code: 'bad_request', message: 'M-Pesa is not available right now.' } }, 400));
    await expect.element(screen.getByRole('alert')).toHaveTextContent('M-Pesa is not available right now.');
    await expect.element(pay).toBeEnabled();
  });

  test('no connection: says so and lets the buyer try again', async () => {
    mockApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const { screen, pay } = await open();
    await pay.click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No connection. Check your internet and try again.');
    await expect.element(pay).toBeEnabled();
  });

  test('Close and Escape ask to close', async () => {
    const { screen, onClose } = await open();
    await screen.getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('waiting for M-Pesa', () => {
  test('"Check your phone" names the number and amount and counts the prompt\'s minute down', async () => {
    mockApi(paymentsApi([payment()]));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
    await expect
      .element(screen.getByText('Enter your M-Pesa PIN on the prompt sent to 0712 345 678 to pay KES 1,500.'))
      .toBeVisible();
    await expect.element(screen.getByText(/^(1:00|0:59) left$/)).toBeVisible();
    await expect.element(screen.getByText(/^0:5[0-8] left$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay with M-Pesa' }).query()).toBeNull();
  });

  test('no Paybill beside a fresh prompt; offered with the promise to return a second payment once the server says so', async () => {
    const offered = payment({ paybillOffered: true });
    mockApi(paymentsApi([payment(), offered]));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'No prompt? Pay by Paybill' }).query()).toBeNull();
    const paybill = screen.getByRole('region', { name: 'No prompt? Pay by Paybill' });
    await expect.element(paybill, { timeout: 8000 }).toBeVisible();
    await expect.element(paybill.getByText('174379', { exact: true })).toBeVisible();
    await expect.element(paybill.getByText('4821907', { exact: true })).toBeVisible();
    await expect
      .element(
        paybill.getByText(
          'If you pay twice (by the prompt and by Paybill), the second payment is returned to your M-Pesa automatically.',
        ),
      )
      .toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  });

  test('too many prompts: the reason and when to try again, and no waiting screen', async () => {
    const tooMany = 'Too many M-Pesa prompts for this number or account.';
    mockApi(() => {
      const res = json({ error: { code: 'rate_limited', message: tooMany } }, 429);
      res.headers.set('retry-after', '600');
      return res;
    });
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(`${tooMany} You can try again in 10 min.`);
    await expect.element(pay).toBeEnabled();
    expect(screen.getByText('Check your phone').query()).toBeNull();
  });

  test("when the window runs out it keeps waiting for M-Pesa's answer", async () => {
    const now = Date.now();
    const short = payment({ createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 1000).toISOString() });
    mockApi(paymentsApi([short], short));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByText('Still waiting for M-Pesa to confirm…')).toBeVisible();
  });
});

describe('the outcome', () => {
  test('paid: "Payment received", the receipt, and "Start watching" opens the first episode', async () => {
    mockApi(paymentsApi([payment(), payment({ status: 'paid', reason: 'paid', receipt: 'QK7ABC123' })]));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByText('Check your phone')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Payment received' }), { timeout: 8000 }).toBeVisible();
    await expect.element(screen.getByText('M-Pesa receipt QK7ABC123')).toBeVisible();
    const start = screen.getByRole('link', { name: 'Start watching' });
    await expect.element(start).toHaveAttribute('href', '/learn/c1/1');
    await start.click();
    await expect.element(screen.getByText('Now watching')).toBeVisible();
  });

  test('wrong PIN: the reason, the server\'s words, and "Try again" starts a new payment', async () => {
    const failed = payment({ status: 'failed', reason: 'wrong_pin', message: 'The M-Pesa PIN entered was wrong.' });
    const calls = mockApi(paymentsApi([failed]));
    const { screen, pay, phoneInput } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'Wrong M-Pesa PIN' })).toBeVisible();
    await expect.element(screen.getByText('The M-Pesa PIN entered was wrong.')).toBeVisible();
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(phoneInput).toHaveValue('0712 345 678');
    await pay.click();
    await expect.poll(() => calls.filter((c) => c.method === 'POST').length).toBe(2);
    const [first, second] = calls.filter((c) => c.method === 'POST') as { body: { idempotencyKey: string } }[];
    expect(second!.body.idempotencyKey).not.toBe(first!.body.idempotencyKey);
  });

  test.each([
    ['cancelled', 'Payment cancelled'],
    ['insufficient_funds', 'Not enough money on M-Pesa'],
    ['timeout', 'Payment timed out'],
  ] as const)('%s: "%s" with "Try again"', async (reason, title) => {
    mockApi(
      paymentsApi([
        payment({ status: reason === 'timeout' ? 'expired' : 'failed', reason, message: 'M-Pesa said no.' }),
      ]),
    );
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: title })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start watching' }).query()).toBeNull();
    // The server did not offer Paybill for this one.
    expect(screen.getByRole('region', { name: 'No prompt? Pay by Paybill' }).query()).toBeNull();
  });

  test('timed out: Paybill is offered beside "Try again", and a Paybill payment turns the modal to "Payment received"', async () => {
    const expired = payment({ status: 'expired', reason: 'timeout', message: 'M-Pesa said no.', paybillOffered: true });
    mockApi(paymentsApi([expired, expired, payment({ status: 'paid', reason: 'paid', receipt: 'QK7PAYBILL' })]));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'Payment timed out' })).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'No prompt? Pay by Paybill' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The same purchase is still payable by Paybill: no new one is offered.
    expect(screen.getByRole('button', { name: 'Pay by Paybill instead' }).query()).toBeNull();
    await expect.element(screen.getByRole('heading', { name: 'Payment received' }), { timeout: 8000 }).toBeVisible();
    await expect.element(screen.getByText('M-Pesa receipt QK7PAYBILL')).toBeVisible();
  });

  test('cancelled: "Pay by Paybill instead" starts a purchase without a prompt and shows its numbers at once', async () => {
    const cancelled = payment({ status: 'cancelled', reason: 'cancelled', message: 'Request cancelled by user.' });
    const byPaybill = payment({
      id: 'p2',
      method: 'paybill',
      paybillOffered: true,
      paybill: { businessNumber: '174379', account: '5550123' },
    });
    let p2Polls = 0;
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/payments')
        return json({ kind: 'payment', payment: (body as { method?: string }).method ? byPaybill : payment() });
      if (path === '/api/payments/p1') return json({ payment: cancelled });
      if (path === '/api/payments/p2')
        return json({ payment: p2Polls++ < 1 ? byPaybill : payment({ ...byPaybill, status: 'paid', reason: 'paid' }) });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'No prompt? Pay by Paybill' }).query()).toBeNull();
    await userEvent.keyboard('{Tab}');
    const instead = screen.getByRole('button', { name: 'Pay by Paybill instead' });
    await expect.element(instead).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const region = screen.getByRole('region', { name: 'Pay by Paybill' });
    await expect.element(region).toBeVisible();
    await expect.element(region.getByText('5550123', { exact: true })).toBeVisible();
    expect(screen.getByText('Check your phone').query()).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST') as { body: Record<string, unknown> }[];
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toMatchObject({ courseId: 'c1', amount: 1500, phone: '0712 345 678', method: 'paybill' });
    expect(posts[1]!.body.idempotencyKey).not.toBe(posts[0]!.body.idempotencyKey);
    await expect.element(screen.getByRole('heading', { name: 'Payment received' }), { timeout: 8000 }).toBeVisible();
  });

  test('a Paybill-only purchase that expired keeps its numbers on screen and is still followed', async () => {
    const now = Date.now();
    const open1 = payment({
      method: 'paybill',
      paybillOffered: true,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 1000).toISOString(),
    });
    const expired = { ...open1, status: 'expired' as const, reason: 'timeout' as const };
    const calls = mockApi(paymentsApi([expired, expired, expired, payment({ status: 'paid', reason: 'paid' })], open1));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('region', { name: 'Pay by Paybill' })).toBeVisible();
    await expect.element(screen.getByText('Still waiting for M-Pesa to confirm…')).toBeVisible();
    // After the first poll (the expired purchase): still the numbers, not "Payment timed out".
    await expect.poll(() => calls.length, { timeout: 5000 }).toBeGreaterThan(1);
    await expect.element(screen.getByRole('region', { name: 'Pay by Paybill' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment timed out' }).query()).toBeNull();
    await expect.element(screen.getByRole('heading', { name: 'Payment received' }), { timeout: 10_000 }).toBeVisible();
  });

  test('a course already owned: "You own this course" and "Start watching"', async () => {
    mockApi(() => json({ error: { code: 'already_owned', message: 'You already own this course.' } }, 409));
    const { screen, pay } = await open();
    await pay.click();
    await expect.element(screen.getByRole('heading', { name: 'You own this course' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Start watching' })).toHaveAttribute('href', '/learn/c1/1');
  });
});

describe('a coupon', () => {
  const quote = { code: 'LAUNCH-20', price: 1500, discountedPrice: 1200 };
  const couponApi =
    (answer: Response, start = payment({ amount: 1200 })): ApiHandler =>
    (call) =>
      call.path === '/api/coupons/check' ? answer.clone() : paymentsApi([start], start)(call);

  test('"Apply" shows the new price with the old one struck through, and M-Pesa is asked for the new one', async () => {
    const calls = mockApi(couponApi(json(quote)));
    const { screen, pay } = await open();
    await screen.getByLabelText('Coupon code').fill('launch-20');
    await screen.getByRole('button', { name: 'Apply' }).click();
    await expect.element(screen.getByText('KES 1,200', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('KES 1,500', { exact: true })).toHaveClass('purchase-old-price');
    await expect.element(screen.getByText('LAUNCH-20', { exact: true })).toBeVisible();
    await pay.click();
    await expect.element(screen.getByText('Check your phone')).toBeVisible();
    expect(calls[0]).toMatchObject({ path: '/api/coupons/check', body: { courseId: 'c1', code: 'launch-20' } });
    expect(calls[1]).toMatchObject({ path: '/api/payments', body: { amount: 1200, couponCode: 'LAUNCH-20' } });
  });

  test('a refused code says why and keeps the full price', async () => {
    const refusal = { error: { code: 'conflict', message: 'This code has been used up' } };
    mockApi(couponApi(json(refusal, 409)));
    const { screen } = await open();
    await screen.getByLabelText('Coupon code').fill('GONE');
    await screen.getByRole('button', { name: 'Apply' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('This code has been used up');
    await expect.element(screen.getByText('KES 1,500', { exact: true })).not.toHaveClass('purchase-old-price');
  });

  test('a code that makes the course free enrolls without asking for a phone', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/coupons/check'
        ? json({ ...quote, discountedPrice: 0 })
        : json({ kind: 'enrolled', courseId: 'c1' }, 201),
    );
    const { screen } = await open();
    await screen.getByLabelText('Coupon code').fill('FREE-ALL');
    await screen.getByRole('button', { name: 'Apply' }).click();
    await screen.getByRole('button', { name: 'Enroll for free' }).click();
    await expect.element(screen.getByText('You own this course')).toBeVisible();
    expect(calls[1]).toMatchObject({ path: '/api/payments', body: { amount: 0, couponCode: 'LAUNCH-20' } });
  });
});

describe('a bundle', () => {
  test('asks M-Pesa for the bundle (no coupon field) and "Start watching" goes back to its page', async () => {
    const calls = mockApi(paymentsApi([payment(), payment({ status: 'paid', reason: 'paid', receipt: 'QK7ABC123' })]));
    const onClose = vi.fn();
    const Stub = createRoutesStub([
      {
        path: '/bundle/b1',
        Component: () => (
          <PurchaseModal
            course={{ id: 'b1', title: 'Starter pack', price: 1500 }}
            phone="0712 345 678"
            bundle={{ id: 'b1', doneTo: '/bundle/b1' }}
            onClose={onClose}
          />
        ),
      },
    ]);
    const screen = await render(<Stub initialEntries={['/bundle/b1']} />, { wrapper: InEnglish });
    await expect.element(screen.getByText('Buy bundle')).toBeVisible();
    await expect.element(screen.getByLabelText('Coupon code')).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect.element(screen.getByRole('heading', { name: 'Payment received' }), { timeout: 8000 }).toBeVisible();
    expect(calls[0]).toMatchObject({ path: '/api/payments', body: { bundleId: 'b1', amount: 1500 } });
    expect((calls[0]!.body as Record<string, unknown>).courseId).toBeUndefined();
    await expect.element(screen.getByRole('link', { name: 'Start watching' })).toHaveAttribute('href', '/bundle/b1');
  });
});
