// Instalments, "lipa mdogo mdogo" (issue 27, decision 0068), through the real operations and the Daraja
// simulator: a course paid in three parts, each its own STK payment with its own sale in the ledger; each part
// opens exactly its share of the lessons (the page, the video, the PDF and the quiz of a locked lesson are
// refused); bad requests and racing presses change nothing; a refunded part reverses exactly its own lines.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/core/actor.ts';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { getLessonFile } from '#server/modules/learning/getLessonFile.ts';
import { findQuizForActor } from '#server/modules/learning/quiz/findQuizForActor.ts';
import { canPlayVideo } from '#server/modules/playback/canPlayVideo.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import { getReceipt } from '#server/modules/payments/getReceipt.ts';
import { partAmounts } from '#common/instalments/instalments.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { queueInstalmentReminders } from '#server/modules/instalments/queueInstalmentReminders.ts';
import { sendInstalmentReminderJob } from '#server/modules/instalments/sendInstalmentReminderJob.ts';
import { eventually } from '#tests/support/eventually.ts';
import { outboxMessages } from '#tests/support/emailOutbox.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { answeredStatus as statusOf } from '#tests/support/errorStatus.ts';
import { ledgerOfPayment as ledgerOf } from '#tests/support/ledgerOfPayment.ts';
import { make } from '#tests/support/factories/index.ts';
import {
  confirmedReceipt,
  newKey,
  PHONES,
  pushes,
  refundSettled,
  settledPayment,
  worldForEachTest,
} from '#tests/support/paymentsWorld.ts';

const w = worldForEachTest();
const LESSONS = 7;

let creator: SessionUser;
let course: { id: string; price: number };
let buyer: SessionUser;
/** Lesson videos by position (1-based), and the last lesson's PDF lesson and quiz lesson. */
let videos: string[];
let episodes: string[];
beforeEach(async () => {
  creator = await make.actor(w.t.db, { role: 'creator' });
  course = await make.course(w.t.db, {
    creator: { id: creator.userId, name: creator.name },
    price: 1000,
    instalmentsMax: 3,
  });
  videos = [];
  episodes = [];
  for (let position = 1; position <= LESSONS; position++) {
    const videoId = await make.asset(w.t.db, { ownerId: creator.userId, kind: 'video' });
    const kind = position === LESSONS - 1 ? 'pdf' : position === LESSONS ? 'quiz' : 'video';
    const pdfId = kind === 'pdf' ? await make.asset(w.t.db, { ownerId: creator.userId, kind: 'image' }) : null;
    const e = await make.episode(w.t.db, { courseId: course.id, position, videoId, kind, pdfId });
    if (kind === 'quiz')
      await w.t.db
        .insertInto('quiz')
        .values({ episodeId: e.id, passMark: 50, maxAttempts: null, questions: '[]' })
        .execute();
    videos.push(videoId);
    episodes.push(e.id);
  }
  buyer = await make.actor(w.t.db, { phone: '+254711000222' });
});

async function pay(actor: SessionUser, instalments: unknown, amount: number) {
  const r = await startPayment(w.running.services, actor, {
    courseId: course.id,
    amount,
    phone: PHONES.success,
    idempotencyKey: newKey(),
    instalments,
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  const paid = await settledPayment(w, actor, r.payment.id);
  expect(paid.status).toBe('paid');
  return paid.id;
}

/**
 * Which lessons (positions) the actor may play, as a direct media request asks; for an owner, the learning
 * page of each lesson agrees (a visitor's free first lesson plays on the course page, not the learning page).
 */
async function openLessons(actor: SessionUser, owner = true) {
  const open: number[] = [];
  for (let position = 1; position <= LESSONS; position++) {
    const video = await canPlayVideo(w.running.services, actor, { assetId: videos[position - 1]! });
    const page = await getLearnPage(w.running.services, actor, { courseId: course.id, order: position });
    if (owner) expect(page.status === 'ok').toBe(video !== null);
    if (video !== null) open.push(position);
  }
  return open;
}

const planOf = async (userId: string) =>
  w.t.db.selectFrom('instalmentPlan').selectAll().where('userId', '=', userId).executeTakeFirst();

describe('instalments', () => {
  it('pays a course in three parts: each opens its share, each its own sale, the parts sum to the price', async () => {
    const amounts = partAmounts(1000, 3);
    expect(amounts).toEqual([334, 333, 333]);
    // Before paying: the free first lesson only.
    expect(await openLessons(buyer, false)).toEqual([1]);

    const first = await pay(buyer, { parts: 3 }, 334);
    const plan = (await planOf(buyer.userId))!;
    expect(toNum(plan.parts)).toBe(3);
    // 1 of 3 parts of 7 lessons: ceil(7/3) = 3 lessons open; a locked lesson's PDF and quiz are refused too.
    expect(await openLessons(buyer)).toEqual([1, 2, 3]);
    expect(await statusOf(getLessonFile(w.running.services, buyer, { episodeId: episodes[5] }))).toBe(404);
    expect(await statusOf(findQuizForActor(w.running.services, buyer, { episodeId: episodes[6]! }))).toBe(404);
    const learn = await getLearnPage(w.running.services, buyer, { courseId: course.id, order: 1 });
    if (learn.status !== 'ok') throw new Error('expected the learning page');
    expect(learn.page.episodes.map((e) => e.locked)).toEqual([false, false, false, true, true, true, true]);
    expect(learn.page.instalments).toMatchObject({ parts: 3, paid: 1, nextPart: 2, amounts });
    expect((await listMyPurchases(w.running.services, buyer))[0]).toMatchObject({
      paymentId: first,
      amount: 334,
      instalment: { part: 1, parts: 3 },
    });

    const second = await pay(buyer, { planId: plan.id, part: 2 }, 333);
    expect(await openLessons(buyer)).toEqual([1, 2, 3, 4, 5]);
    // Each part has its own receipt.
    expect(await getReceipt(w.running.services, buyer, { paymentId: second })).toMatchObject({
      amount: 333,
      part: { part: 2, parts: 3 },
    });
    const third = await pay(buyer, { planId: plan.id, part: 3 }, 333);
    expect(await openLessons(buyer)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await statusOf(findQuizForActor(w.running.services, buyer, { episodeId: episodes[6]! }))).not.toBe(404);

    // Each part its own sale; together exactly the price; one student.
    let paybill = 0;
    for (const [id, amount] of [
      [first, 334],
      [second, 333],
      [third, 333],
    ] as const) {
      const sale = await ledgerOf(w.t.db, id);
      expect(sale).toMatchObject({ entries: 1, kinds: ['sale'] });
      expect(sale.sums.mpesa_paybill).toBe(amount);
      expect(Object.values(sale.sums).reduce((a, b) => a + b, 0)).toBe(0);
      paybill += sale.sums.mpesa_paybill!;
    }
    expect(paybill).toBe(1000);
    const row = await w.t.db
      .selectFrom('course')
      .select('enrolledCount')
      .where('id', '=', course.id)
      .executeTakeFirst();
    expect(toNum(row?.enrolledCount)).toBe(1);
    // The admin sees each part as a purchase of its own, named as a part.
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const listed = await listAllPurchases(w.running.services, admin, {});
    expect(listed.items.find((p) => p.id === second)).toMatchObject({ instalment: { part: 2, parts: 3 } });
  });

  it('refuses bad parts, someone else’s plan, gifts and courses without instalments, changing nothing', async () => {
    const ask = (over: Record<string, unknown>) =>
      startPayment(w.running.services, buyer, {
        courseId: course.id,
        amount: 334,
        phone: PHONES.success,
        idempotencyKey: newKey(),
        ...over,
      });
    const before = pushes(w.sim).length;
    expect(await statusOf(ask({ instalments: { parts: 4 } }))).toBe(400);
    expect(await statusOf(ask({ instalments: { parts: 1 } }))).toBe(400);
    expect(await statusOf(ask({ instalments: { parts: 13 } }))).toBe(400);
    expect(await statusOf(ask({ instalments: { parts: 3 }, amount: 333 }))).toBe(409);
    expect(await statusOf(ask({ instalments: { parts: 3 }, gift: { phone: '0733444555' } }))).toBe(400);
    expect(await statusOf(ask({ instalments: { planId: newId(), part: 1 } }))).toBe(404);
    const other = await make.course(w.t.db, { creator: { id: creator.userId, name: creator.name }, price: 900 });
    expect(await statusOf(ask({ courseId: other.id, amount: 450, instalments: { parts: 2 } }))).toBe(409);
    expect(pushes(w.sim).length).toBe(before);
    expect(await w.t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
    expect(await w.t.db.selectFrom('instalmentPlan').selectAll().execute()).toEqual([]);

    await pay(buyer, { parts: 3 }, 334);
    const plan = (await planOf(buyer.userId))!;
    const payments = async () => (await w.t.db.selectFrom('payment').select('id').execute()).length;
    const n = await payments();
    // Part 1 again, part 3 before part 2, the wrong amount, a coupon on a later part.
    expect(await statusOf(ask({ instalments: { planId: plan.id, part: 1 } }))).toBe(409);
    expect(await statusOf(ask({ amount: 333, instalments: { planId: plan.id, part: 3 } }))).toBe(409);
    expect(await statusOf(ask({ amount: 334, instalments: { planId: plan.id, part: 2 } }))).toBe(409);
    expect(await statusOf(ask({ amount: 333, couponCode: 'SAVE10', instalments: { planId: plan.id, part: 2 } }))).toBe(
      400,
    );
    // Someone else's plan is not found for them, whatever their role.
    for (const role of ['customer', 'creator', 'admin'] as const) {
      const stranger = await make.actor(w.t.db, { role });
      const answer = await statusOf(
        startPayment(w.running.services, stranger, {
          courseId: course.id,
          amount: 333,
          phone: PHONES.success,
          idempotencyKey: newKey(),
          instalments: { planId: plan.id, part: 2 },
        }),
      );
      expect(answer === 404 || answer === 403).toBe(true);
    }
    // Buying it whole while part-paid: already owned.
    expect(await statusOf(ask({ amount: 1000 }))).toBe(409);
    expect(await payments()).toBe(n);
  });

  it('sends one prompt for two racing "Pay next part" presses', async () => {
    await pay(buyer, { parts: 3 }, 334);
    const plan = (await planOf(buyer.userId))!;
    const before = pushes(w.sim).length;
    const press = () =>
      startPayment(w.running.services, buyer, {
        courseId: course.id,
        amount: 333,
        phone: PHONES.manual,
        idempotencyKey: newKey(),
        instalments: { planId: plan.id, part: 2 },
      }).then(
        () => 200,
        (err: unknown) => statusOf(Promise.reject(err)),
      );
    const answers = await Promise.all([press(), press()]);
    expect(answers.sort()).toEqual([200, 409]);
    expect(pushes(w.sim).length).toBe(before + 1);
  });

  it('a refunded part reverses exactly its own lines, stops the plan and keeps the parts still paid', async () => {
    await pay(buyer, { parts: 3 }, 334);
    const plan = (await planOf(buyer.userId))!;
    const second = await pay(buyer, { planId: plan.id, part: 2 }, 333);
    await confirmedReceipt(w, second);
    const admin = await make.actor(w.t.db, { role: 'admin' });
    expect(await statusOf(refundPurchase(w.running.services, buyer, { paymentId: second }))).toBe(403);
    expect((await refundPurchase(w.running.services, admin, { paymentId: second })).status).toBe('requested');
    expect(await refundSettled(w, second)).toBe('done');
    const after = await ledgerOf(w.t.db, second);
    expect(after.kinds).toEqual(['refund', 'sale']);
    for (const sum of Object.values(after.sums)) expect(sum).toBe(0);
    // One part still paid: its share stays open; the plan takes no further part.
    expect(await openLessons(buyer)).toEqual([1, 2, 3]);
    expect(
      await statusOf(
        startPayment(w.running.services, buyer, {
          courseId: course.id,
          amount: 333,
          phone: PHONES.success,
          idempotencyKey: newKey(),
          instalments: { planId: plan.id, part: 2 },
        }),
      ),
    ).toBe(409);
  });

  it('reminds once of each part, a few days before it is due, in the learner’s language', async () => {
    await w.t.db.updateTable('user').set({ locale: 'sw' }).where('id', '=', buyer.userId).execute();
    await pay(buyer, { parts: 3 }, 334);
    const plan = (await planOf(buyer.userId))!;
    const start = new Date(String(plan.createdAt instanceof Date ? plan.createdAt.toISOString() : plan.createdAt));
    const day = 86_400_000;
    const runs = (at: Date) =>
      Promise.all([1, 2, 3].map(() => queueInstalmentReminders(servicesAt(w.running.services, at))));
    const total = async (at: Date) => (await runs(at)).reduce((a, b) => a + b, 0);
    const jobs = async () =>
      (await w.t.db.selectFrom('job').select('payload').where('type', '=', 'instalments.reminder').execute()).length;
    // Part 2 is due 30 days after the start: nothing 4 days before, one reminder from 3 days before, once.
    expect(await total(new Date(start.getTime() + 26 * day))).toBe(0);
    expect(await total(new Date(start.getTime() + 27 * day + 60_000))).toBe(1);
    expect(await total(new Date(start.getTime() + 29 * day))).toBe(0);
    expect(await jobs()).toBe(1);
    const worker = startJobWorker(w.running.services, [sendInstalmentReminderJob], { concurrency: 1, pollMs: 20 });
    try {
      const mail = await eventually(() => outboxMessages(w.t.dataDir).find((m) => m.includes('Awamu ya 2 (KES 333)')));
      expect(mail).toContain('Usipolipa, utabaki na masomo uliyokwisha kulipia.');
    } finally {
      await worker.stop();
    }
    // Part 2 paid: part 3 gets its own one reminder, 3 days before day 60; a missed part is never revoked.
    await pay(buyer, { planId: plan.id, part: 2 }, 333);
    expect(await total(new Date(start.getTime() + 57 * day + 60_000))).toBe(1);
    expect(await total(new Date(start.getTime() + 120 * day))).toBe(0);
    expect(await jobs()).toBe(2);
    expect(await openLessons(buyer)).toEqual([1, 2, 3, 4, 5]);
  });
});
