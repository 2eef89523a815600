// Personal data (Kenya's Data Protection Act, 2019): a signed-in learner downloads everything we keep about
// them (payments, notes, the questions and answers they wrote and their upvotes among them), then deletes their account; afterwards nothing identifies them, they cannot sign in, and the paid
// purchase stays in the books, anonymised, with its ids, amount and receipt.
import { describe, expect, it } from 'vitest';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { PHONES, newKey, worldForEachTest } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { newId } from '#server/lib/ids.ts';

const w = worldForEachTest();

describe('personal data', () => {
  it('downloads my data, then deletes my account keeping the payment anonymised', async () => {
    const me = new Client(w.running.url);
    const reg = newRegistration({ role: 'customer' });
    const registered = await me.register(reg);
    expect(registered.status).toBe(201);
    const { user } = (await registered.json()) as { user: { userId: string; name: string; email: string } };
    const actor = { ...user, role: 'customer' as const };
    const { course } = await make.creatorWithCourse(w.t.db, { price: 500 });
    const started = await startPayment(w.running.services, actor, {
      courseId: course.id,
      amount: 500,
      phone: PHONES.success,
      idempotencyKey: newKey(),
    });
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const paid = await eventually(async () => {
      const p = await getPaymentForPayer(w.running.services, actor, { paymentId: started.payment.id });
      return p.status === 'paid' ? p : null;
    });

    // What they wrote under a lesson: a note, a question, an answer to a classmate's question, an upvote.
    const episodeId = (await make.episode(w.t.db, { courseId: course.id, position: 1, duration: 60 })).id;
    const post = async (path: string, json: object) => {
      const res = await me.request(path, { method: 'POST', json });
      expect(res.status, path).toBe(201);
      return (await res.json()) as { id: string };
    };
    await post('/api/learning/notes', { episodeId, position: 3, body: 'Mine to keep' });
    // A quiz attempt (how one is made and scored: tests/integration/quizAttempts.test.ts).
    await w.t.db
      .insertInto('quizAttempt')
      .values({
        id: `attempt-${newId()}`,
        userId: user.userId,
        courseId: course.id,
        episodeId,
        score: 80,
        passed: true,
        results: '[]',
        createdAt: new Date(),
      })
      .execute();
    const asked = await post('/api/questions', { episodeId, body: 'Why knead so long?', atSeconds: 12 });
    const theirs = (await make.user(w.t.db, { role: 'customer' })).id;
    await make.enrollment(w.t.db, { userId: theirs, courseId: course.id });
    const classmateQuestion = newId();
    await w.t.db
      .insertInto('question')
      .values({
        id: classmateQuestion,
        courseId: course.id,
        episodeId,
        userId: theirs,
        body: 'And salt?',
        createdAt: new Date(),
      })
      .execute();
    const answered = await post(`/api/questions/${classmateQuestion}/answers`, { body: 'A pinch.' });
    expect(
      (await me.request(`/api/questions/${classmateQuestion}/vote`, { method: 'PUT', json: { voted: true } })).status,
    ).toBe(200);

    const download = await me.request('/api/account/data');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const data = (await download.json()) as {
      account: { email: string };
      payments: { id: string; mpesaReceipt: string }[];
      notes: { body: string }[];
      quizAttempts: { score: number }[];
      questions: { id: string; body: string; atSeconds: number }[];
      answers: { id: string; questionId: string; body: string }[];
      questionVotes: { questionId: string }[];
    };
    expect(data.account.email).toBe(reg.email.toLowerCase());
    expect(data.payments).toEqual([expect.objectContaining({ id: paid.id, mpesaReceipt: paid.receipt })]);
    expect(data.notes).toEqual([expect.objectContaining({ body: 'Mine to keep' })]);
    expect(data.quizAttempts).toEqual([expect.objectContaining({ score: 80, episodeId })]);
    expect(data.questions).toEqual([
      expect.objectContaining({ id: asked.id, body: 'Why knead so long?', atSeconds: 12 }),
    ]);
    expect(data.answers).toEqual([
      expect.objectContaining({ id: answered.id, questionId: classmateQuestion, body: 'A pinch.' }),
    ]);
    expect(data.questionVotes).toEqual([expect.objectContaining({ questionId: classmateQuestion })]);
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);

    const wrong = await me.request('/api/account/delete', { method: 'POST', json: { password: 'not-mine' } });
    expect(wrong.status).toBe(403);
    const deleted = await me.request('/api/account/delete', { method: 'POST', json: { password: reg.password } });
    expect(deleted.status).toBe(200);

    const db = w.t.db;
    const row = await db.selectFrom('user').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deleted user', phone: '', status: 'deleted' });
    expect(row.email).not.toContain(reg.email.split('@')[0]);
    const payment = await db.selectFrom('payment').selectAll().where('id', '=', paid.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'paid',
      mpesaReceipt: paid.receipt,
      phone: '',
      rawCallback: null,
      userId: user.userId,
    });
    expect(Number(payment.amount)).toBe(500);
    const everything = JSON.stringify(
      await db.selectFrom('payment').selectAll().where('userId', '=', user.userId).execute(),
    );
    expect(everything).not.toContain(PHONES.success);
    expect(await db.selectFrom('session').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
    expect(await db.selectFrom('quizAttempt').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
    expect((await new Client(w.running.url).signIn(reg.email, reg.password)).status).toBe(401);
    expect((await me.request('/api/account/data')).status).toBe(401);
  });

  it('lists the gifts, bundles, instalment plans, referrals, certificates, announcements, notices and texts of the account, and erases what names them', async () => {
    const me = new Client(w.running.url);
    const reg = newRegistration({ role: 'customer' });
    const { user } = (await (await me.register(reg)).json()) as { user: { userId: string } };
    const db = w.t.db;
    const { phone } = await db
      .selectFrom('user')
      .select('phone')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(phone).not.toBe('');
    const { creator, course } = await make.creatorWithCourse(w.t.db, { price: 700 });
    const now = new Date();
    const gift = async (buyerId: string, recipientPhone: string, claimedBy: string | null) => {
      const paid = await make.payment(db, { buyer: { id: buyerId }, course, status: 'pending' });
      const id = newId();
      await db
        .insertInto('gift')
        .values({
          id,
          paymentId: paid.id,
          buyerId,
          courseId: course.id,
          recipientPhone,
          language: 'sw',
          tokenHash: newId(),
          claimedBy,
          claimedAt: claimedBy ? now : null,
          cancelledAt: null,
          lastSmsAt: now,
          createdAt: now,
        })
        .execute();
      return id;
    };
    const sent = await gift(user.userId, '254733444555', null);
    const claimed = await gift(creator.id, phone.replace(/^\+/, ''), user.userId);
    await db
      .insertInto('certificate')
      .values({
        code: newId().slice(0, 10).toUpperCase(),
        userId: user.userId,
        courseId: course.id,
        learnerName: reg.name,
        courseTitle: course.title,
        creatorName: 'Wanjiru',
        issuedAt: now,
      })
      .execute();
    // As a creator would have written to a course's owners (the account's role does not matter to the export).
    await db
      .insertInto('announcement')
      .values({
        id: 'notice-1',
        courseId: course.id,
        creatorId: user.userId,
        body: 'Karibu!',
        bySms: true,
        recipients: 1,
        smsCount: 1,
        createdAt: now,
      })
      .execute();
    await db
      .insertInto('noticeDelivery')
      .values({ noticeId: 'notice-1', userId: user.userId, channel: 'sms', createdAt: now })
      .execute();
    await db
      .insertInto('smsMessage')
      .values({
        id: newId(),
        providerMessageId: null,
        phone,
        purpose: 'otp',
        status: 'sent',
        failureReason: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    // A bundle they made, and a bundle they bought: its payment is named by the bundle, not its first course.
    await db
      .insertInto('bundle')
      .values({
        id: 'bundle-1',
        creatorId: user.userId,
        title: 'Kifurushi cha mazoezi',
        description: '',
        price: 900,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      })
      .execute();
    const boughtBundle = await make.payment(db, { buyer: { id: user.userId }, course, status: 'paid' });
    await db.updateTable('payment').set({ bundleId: 'bundle-1' }).where('id', '=', boughtBundle.id).execute();

    // An instalment plan, a referral code with a click on it, and the referral that brought them to the course.
    await db
      .insertInto('instalmentPlan')
      .values({
        id: 'plan-1',
        userId: user.userId,
        courseId: course.id,
        parts: 3,
        total: 700,
        createdAt: now,
        stoppedAt: null,
      })
      .execute();
    await db.insertInto('affiliate').values({ userId: user.userId, code: 'MYCODE42', createdAt: now }).execute();
    await db
      .insertInto('affiliateClick')
      .values({ id: newId(), affiliateId: user.userId, courseId: course.id, createdAt: now })
      .execute();
    await db
      .insertInto('referral')
      .values({ userId: user.userId, courseId: course.id, affiliateId: creator.id, referredAt: now })
      .execute();

    const data = (await (await me.request('/api/account/data')).json()) as Record<string, unknown[]>;
    expect(data.instalmentPlans).toEqual([
      expect.objectContaining({ id: 'plan-1', course: course.title, parts: 3, total: 700 }),
    ]);
    expect(data.affiliate).toEqual(
      expect.objectContaining({ code: 'MYCODE42', clicks: [expect.objectContaining({ courseId: course.id })] }),
    );
    expect(data.referredBy).toEqual([expect.objectContaining({ courseId: course.id, affiliateId: creator.id })]);
    expect(data.bundlesMade).toEqual([expect.objectContaining({ id: 'bundle-1', title: 'Kifurushi cha mazoezi' })]);
    expect(data.payments).toContainEqual(
      expect.objectContaining({
        id: boughtBundle.id,
        course: 'Kifurushi cha mazoezi',
        bundle: 'Kifurushi cha mazoezi',
      }),
    );
    expect(data.giftsSent).toEqual([
      expect.objectContaining({ id: sent, recipientPhone: '254733444555', course: course.title }),
    ]);
    expect(data.giftsClaimed).toEqual([expect.objectContaining({ id: claimed, course: course.title })]);
    expect(data.certificates).toEqual([expect.objectContaining({ learnerName: reg.name, courseTitle: course.title })]);
    expect(data.announcementsWritten).toEqual([expect.objectContaining({ id: 'notice-1', body: 'Karibu!' })]);
    expect(data.noticesReceived).toEqual([expect.objectContaining({ noticeId: 'notice-1', channel: 'sms' })]);
    expect(data.textsSent).toEqual([expect.objectContaining({ purpose: 'otp', status: 'sent' })]);
    expect(JSON.stringify(data)).not.toMatch(/tokenHash|password|token/i);

    expect((await me.request('/api/account/delete', { method: 'POST', json: { password: reg.password } })).status).toBe(
      200,
    );
    // What names them is gone; the gift they sent keeps its recipient's number, who can still claim it.
    expect(await db.selectFrom('certificate').select('code').where('userId', '=', user.userId).execute()).toEqual([]);
    expect(await db.selectFrom('referral').select('courseId').where('userId', '=', user.userId).execute()).toEqual([]);
    expect(await db.selectFrom('affiliate').select('code').where('userId', '=', user.userId).execute()).toEqual([]);
    expect(
      await db.selectFrom('noticeDelivery').select('noticeId').where('userId', '=', user.userId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('smsMessage').select('id').where('phone', '=', phone).execute()).toEqual([]);
    const gifts = await db
      .selectFrom('gift')
      .select(['id', 'recipientPhone'])
      .where('courseId', '=', course.id)
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(gifts.map((g) => [g.id, g.recipientPhone]))).toEqual({
      [sent]: '254733444555',
      [claimed]: '',
    });
  });
});
