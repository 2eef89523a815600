import type { Kysely, Selectable } from 'kysely';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { conflict, DomainError, forbidden, invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { DB, PaymentMethod, PaymentTable } from '#server/db/schema.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { DarajaError } from '#server/daraja/darajaError.ts';
import { toDarajaPhone } from '#common/phone.ts';
import { newId } from '#server/lib/ids.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { canBuyBundle, canBuyCourse, isOnSale } from '../access/policies.ts';
import { BUNDLE_TEXT } from '#common/bundles/bundleSchemas.ts';
import { loadBundleInTx } from '../bundles/loadBundleInTx.ts';
import { quoteBundleInTx } from '../bundles/quoteBundleInTx.ts';
import { discountedPrice } from '../coupons/discountedPrice.ts';
import { findCouponInTx } from '../coupons/findCouponInTx.ts';
import { holdCouponUseInTx } from '../coupons/holdCouponUseInTx.ts';
import { limitCouponChecks } from '../coupons/limitCouponChecks.ts';
import { grantEnrollmentInTx } from '../enrollments/grantEnrollment.ts';
import { isEnrolled } from '../enrollments/isEnrolled.ts';
import { rawRecord } from '../shared/rawRecord.ts';
import { callbackUrl } from './callbackUrl.ts';
import { limitPrompts } from './limitPrompts.ts';
import { newPaybillAccount } from './paybillAccount.ts';
import { startPaymentSchema } from '#common/payments/paymentSchemas.ts';
import { transitionPaymentsInTx } from './paymentStateMachine.ts';
import { createGiftInTx } from '../gifts/createGiftInTx.ts';
import { attributePaymentInTx } from '../affiliates/attributePaymentInTx.ts';
import { GIFT_TEXT } from '../gifts/giftTexts.ts';
import { paymentView, type PaymentView } from './paymentView.ts';
import { INSTALMENT_TEXT } from '#common/instalments/instalments.ts';
import { readInstalmentPart, type InstalmentPart } from './readInstalmentPart.ts';

export type StartPaymentResult = { kind: 'enrolled'; courseId: string } | { kind: 'payment'; payment: PaymentView };

export const PHONE_HELP = 'Enter a Kenyan M-Pesa number, like 0712 345 678.';
export const NOT_FOR_SALE = 'This course is not for sale right now.';

/**
 * "Pay with M-Pesa": checks who is buying what, then records a payment and sends one STK push (PIN prompt)
 * to the customer's phone. A free course enrolls at once. A repeated request with the same idempotency key
 * (a double click, a retried request) answers the same payment and sends nothing; the same key with other
 * details is refused. With a coupon, the server prices the course itself and the payment holds one use of the
 * code (taken in the same transaction, so racing buyers never share the last use). A suspended creator's
 * courses are not for sale. Prompts are limited per account and per phone, and a coupon code costs one look
 * from the account's coupon budget, as "Apply" does (decision 0040). With `method: 'paybill'` ("Pay by Paybill
 * instead", after a prompt failed or was cancelled) no prompt is sent and none is counted: the payment goes
 * straight to pending and waits for a Paybill payment into its account number; every other check is the same.
 * With `instalments` it pays one part of a plan (readInstalmentPart, decision 0068): one course, for oneself.
 */
export async function startPayment(services: Services, actor: Actor, input: unknown): Promise<StartPaymentResult> {
  if (!actor) throw unauthenticated('Please sign in to buy this course.');
  const data = readPurchase(input);
  if (data.bundleId !== undefined) return startBundlePayment(services, actor, { ...data, bundleId: data.bundleId });
  const { amount, idempotencyKey, couponCode } = data;
  const courseId = data.courseId ?? '';
  const method = data.method ?? 'stk';
  const { db, dialect } = services.database;

  if (data.instalments && data.gift) throw invalidInput(INSTALMENT_TEXT.onlyDirect);
  const course = await db
    .selectFrom('course')
    .innerJoin('user', 'user.id', 'course.creatorId')
    .select([
      'course.id',
      'course.price',
      'course.published',
      'course.creatorId',
      'course.instalmentsMax',
      'user.status as creatorStatus',
    ])
    .where('course.id', '=', courseId)
    .executeTakeFirst();
  if (!course || !toBool(course.published)) throw notFound('This course is not available.');
  if (course.creatorId === actor.userId) throw forbidden('You cannot buy your own course.');
  if (!canBuyCourse(actor, course)) throw forbidden('Only customer accounts can buy courses.');
  // A gift's number is checked before anything is looked up or stored: a bad one changes nothing.
  const gift = data.gift ? await readGift(services, actor.userId, data.gift) : null;
  if (!isOnSale(course)) throw conflict(NOT_FOR_SALE);
  const askedPart = data.instalments ? ('parts' in data.instalments ? 1 : data.instalments.part) : null;
  const asked = { ...data, courseId, bundleId: null, method, part: askedPart };
  const replay = await byKey(services, actor.userId, idempotencyKey);
  // A repeated press answers its payment even if its coupon ran out meanwhile (this payment may hold the last use).
  if (replay && couponCode) return sameRequestOrConflict(services, replay, asked);
  // Past here the answer tells a right code from a wrong one: it spends the same budget as "Apply".
  if (couponCode) await limitCouponChecks(services, { userId: actor.userId });
  const coupon = couponCode
    ? await findCouponInTx(db, { courseId, code: couponCode, now: services.clock.now() })
    : null;
  const price = coupon
    ? discountedPrice(toNum(course.price), { kind: coupon.kind, value: toNum(coupon.value) })
    : toNum(course.price);
  // A replayed part answers its payment, even once paid (then the part is no longer "next").
  if (replay && data.instalments) return sameRequestOrConflict(services, replay, asked);
  const instalment = data.instalments
    ? await readInstalmentPart(services, actor, { course, asked: data.instalments, total: price, couponCode })
    : null;
  if (instalment && amount !== instalment.amount) throw conflict(INSTALMENT_TEXT.amountChanged);
  if (!instalment && amount !== price)
    throw conflict('The price of this course has changed. Please check it and try again.');

  if (replay) return sameRequestOrConflict(services, replay, asked);
  // A gift is for someone else: its buyer may own the course already; a plan's next part is for a course owned.
  if (!gift && !instalment?.paidBefore && (await isEnrolled(services, actor, { courseId })))
    throw new DomainError('already_owned', 'You already own this course.');

  // A free gift would be a free course: its recipient enrolls themselves.
  if (price === 0 && gift) throw conflict(GIFT_TEXT.free);
  if (price === 0) {
    const userId = actor.userId;
    // A code that makes the course free enrolls like a free course, and its use is taken with the enrollment.
    const enrolled = await db.transaction().execute(async (trx) => {
      const now = services.clock.now();
      if (coupon) await holdCouponUseInTx(trx, { couponId: coupon.id, userId, paymentId: null, dialect, now });
      const granted = await grantEnrollmentInTx(trx, { userId, courseId, paymentId: null, at: now });
      // Enrolled meanwhile (another tab): give the use back by undoing the transaction.
      if (!granted && coupon) throw new DomainError('already_owned', 'You already own this course.');
      return granted;
    });
    if (enrolled) services.catalogChanged();
    return { kind: 'enrolled', courseId };
  }
  return openPayment(services, actor.userId, {
    asked,
    grants: null,
    instalment,
    inTx: async (trx, paymentId, now) => {
      if (instalment?.isNew) await createPlanInTx(trx, { plan: instalment, userId: actor.userId, courseId, now });
      if (coupon) await holdCouponUseInTx(trx, { couponId: coupon.id, userId: actor.userId, paymentId, dialect, now });
      if (gift) await createGiftInTx(trx, { paymentId, buyerId: actor.userId, courseId, ...gift, now });
      // The buyer's referral and its commission percent, fixed now (decision 0067); bundles carry none.
      await attributePaymentInTx(trx, { paymentId, userId: actor.userId, courseId, now });
    },
  });
}

/**
 * "Buy bundle" (decision 0063): the same checks, limits, prompt and Paybill as a course, priced for this
 * learner (the bundle price less the courses they own). The payment names the courses it grants, fixed now.
 * Coupons and gifts are for single courses.
 */
async function startBundlePayment(
  services: Services,
  actor: NonNullable<Actor>,
  data: ReturnType<typeof readPurchase> & { bundleId: string },
): Promise<StartPaymentResult> {
  const { db } = services.database;
  if (data.instalments !== undefined) throw invalidInput(INSTALMENT_TEXT.onlyDirect);
  if (data.couponCode !== undefined || data.gift !== undefined) throw invalidInput(BUNDLE_TEXT.invalid);
  const bundle = await loadBundleInTx(db, { bundleId: data.bundleId });
  if (!bundle) throw notFound(BUNDLE_TEXT.notFound);
  if (bundle.creatorId === actor.userId) throw forbidden(BUNDLE_TEXT.ownBundle);
  if (!canBuyBundle(actor, bundle)) throw forbidden('Only customer accounts can buy courses.');
  const { courses, quote } = await quoteBundleInTx(db, { bundle, userId: actor.userId });
  if (!courses || !quote) throw conflict(BUNDLE_TEXT.notForSale);
  const grants = courses.filter((c) => !c.owned).map((c) => c.id);
  const asked = { ...data, courseId: grants[0] ?? '', bundleId: bundle.id, method: data.method ?? 'stk', part: null };
  const replay = await byKey(services, actor.userId, data.idempotencyKey);
  if (replay) return sameRequestOrConflict(services, replay, asked);
  if (quote.allOwned) throw new DomainError('already_owned', BUNDLE_TEXT.allOwned);
  if (data.amount !== quote.price) throw conflict(BUNDLE_TEXT.priceChanged);
  return openPayment(services, actor.userId, { asked, grants, inTx: async () => {} });
}

/**
 * Records a payment and sends its prompt (or, by Paybill, leaves it pending): the part a course and a bundle
 * purchase share. `inTx` adds what the purchase holds (a coupon use, a gift) in the payment's transaction.
 */
async function openPayment(
  services: Services,
  userId: string,
  {
    asked,
    grants,
    instalment = null,
    inTx,
  }: {
    asked: Asked & { idempotencyKey: string };
    /** A bundle's courses to grant; null for a single course. */
    grants: string[] | null;
    /** The instalment part it pays (decision 0068); null for a whole purchase. */
    instalment?: InstalmentPart | null;
    inTx: (trx: Kysely<DB>, paymentId: string, now: Date) => Promise<void>;
  },
): Promise<StartPaymentResult> {
  const { db } = services.database;
  const { courseId, amount, method, idempotencyKey } = asked;
  const phone = toDarajaPhone(asked.phone);
  if (!phone) throw invalidInput(PHONE_HELP, { phone: 'Not a Kenyan mobile number' });
  // Paybill only: no prompt goes out, so none is counted.
  if (method === 'stk') await limitPrompts(services, { userId, phone });

  const now = services.clock.now();
  const id = newId();
  const paybillAccount = await newPaybillAccount(services);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('payment')
        .values({
          id,
          userId,
          courseId,
          amount,
          phone,
          status: 'created',
          resultCode: null,
          resultDesc: null,
          merchantRequestId: null,
          checkoutRequestId: null,
          mpesaReceipt: null,
          idempotencyKey,
          rawRequest: null,
          rawCallback: null,
          rawQuery: null,
          checkedAt: null,
          createdAt: now,
          updatedAt: now,
          paidAt: null,
          expiresAt: new Date(now.getTime() + services.config.PAYMENT_TIMEOUT_S * 1000),
          paybillAccount,
          method,
          bundleId: asked.bundleId,
          instalmentPlanId: instalment?.planId ?? null,
          instalmentPart: instalment?.part ?? null,
        })
        .execute();
      if (grants)
        await trx
          .insertInto('paymentCourse')
          .values(grants.map((c) => ({ paymentId: id, courseId: c })))
          .execute();
      await inTx(trx, id, now);
      // No prompt to send: pending at once, in the same transaction, so nobody sees it waiting for a prompt
      // (the reconciler expires such payments; handleStkCallback waits on them).
      if (method === 'paybill')
        await transitionPaymentsInTx(trx, { from: 'created', to: 'pending', changes: { updatedAt: now } })
          .where('id', '=', id)
          .execute();
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Lost a race: the same key from a double click, or another open payment for this course.
    const raced = await byKey(services, userId, idempotencyKey);
    if (raced) return sameRequestOrConflict(services, raced, asked);
    const open = await db
      .selectFrom('payment')
      .select('id')
      .where('userId', '=', userId)
      .where('courseId', '=', courseId)
      .where('status', 'in', ['created', 'pending'])
      .executeTakeFirst();
    throw new DomainError('payment_open', 'A payment for this course is already waiting for you on your phone.', {
      paymentId: open?.id ?? '',
    });
  }
  if (method === 'paybill') {
    const row = await db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { kind: 'payment', payment: paymentView(row, services.config.mpesa.shortcode, now) };
  }
  return { kind: 'payment', payment: await sendPrompt(services, id, amount, phone) };
}

function readPurchase(input: unknown) {
  try {
    return parseInput(startPaymentSchema, input, 'The purchase request is not valid.');
  } catch (err) {
    // A phone the schema refuses gets the same help as a number that is not Kenyan.
    if (err instanceof DomainError && err.details?.phone) throw invalidInput(PHONE_HELP, err.details);
    if (err instanceof DomainError && Object.keys(err.details ?? {}).some((k) => k.startsWith('gift')))
      throw invalidInput(GIFT_TEXT.phone, { giftPhone: GIFT_TEXT.phone });
    if (err instanceof DomainError && err.details?.couponCode)
      throw invalidInput(COUPON_TEXT.notValid, { code: COUPON_TEXT.notValid });
    throw err;
  }
}

/** A gift's recipient: a Kenyan mobile number that is not the buyer's own, and the SMS's language. */
async function readGift(
  services: Services,
  buyerId: string,
  gift: { phone: string; language?: 'en' | 'sw' | undefined },
): Promise<{ recipientPhone: string; language: string }> {
  const recipientPhone = toDarajaPhone(gift.phone);
  if (!recipientPhone) throw invalidInput(GIFT_TEXT.phone, { giftPhone: GIFT_TEXT.phone });
  const buyer = await services.database.db
    .selectFrom('user')
    .select(['phone', 'locale'])
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
  if (buyer.phone === `+${recipientPhone}`) throw invalidInput(GIFT_TEXT.ownNumber, { giftPhone: GIFT_TEXT.ownNumber });
  return { recipientPhone, language: gift.language ?? (buyer.locale === 'sw' ? 'sw' : 'en') };
}

async function sendPrompt(services: Services, id: string, amount: number, phone: string): Promise<PaymentView> {
  const { db } = services.database;
  const now = services.clock.now();
  try {
    const { request, response } = await services.daraja.stkPush({
      amount,
      phone,
      callbackUrl: callbackUrl(services.config),
      accountReference: `DARASA${id.slice(0, 6)}`,
      transactionDesc: 'Darasa course',
    });
    const row = await transitionPaymentsInTx(db, {
      from: 'created',
      to: 'pending',
      changes: {
        merchantRequestId: response.MerchantRequestID,
        checkoutRequestId: response.CheckoutRequestID,
        rawRequest: rawRecord(services.config, { ...request, response }),
        updatedAt: now,
      },
    })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return paymentView(row, services.config.mpesa.shortcode, now);
  } catch (err) {
    if (!(err instanceof DarajaError)) throw err;
    services.log.warn({ paymentId: id, status: err.status, code: err.code, message: err.message }, 'STK push refused');
    await transitionPaymentsInTx(db, {
      from: 'created',
      to: 'failed',
      changes: { resultDesc: `STK push refused: ${err.message}`.slice(0, 500), updatedAt: now },
    })
      .where('id', '=', id)
      .execute();
    throw new DomainError(
      'provider_unavailable',
      'M-Pesa could not send the payment prompt. Please try again in a moment.',
    );
  }
}

async function byKey(services: Services, userId: string, key: string) {
  return services.database.db
    .selectFrom('payment')
    .selectAll()
    .where('userId', '=', userId)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
}

/** What a purchase asks for: a course, or a bundle (then `courseId` is the first course it grants). */
type Asked = {
  courseId: string;
  bundleId: string | null;
  amount: number;
  phone: string;
  method: PaymentMethod;
  /** The instalment part asked for (decision 0068); null for a whole purchase. */
  part: number | null;
};

function sameRequestOrConflict(services: Services, p: Selectable<PaymentTable>, asked: Asked): StartPaymentResult {
  if (
    (p.bundleId ?? null) !== asked.bundleId ||
    (asked.bundleId === null && p.courseId !== asked.courseId) ||
    toNum(p.amount) !== asked.amount ||
    p.phone !== toDarajaPhone(asked.phone) ||
    p.method !== asked.method ||
    (p.instalmentPart ?? null) !== asked.part
  ) {
    throw conflict('This payment was already started with different details. Please start a new one.');
  }
  return { kind: 'payment', payment: paymentView(p, services.config.mpesa.shortcode, services.clock.now()) };
}

/** A new instalment plan, made with its first part's payment (decision 0068). */
async function createPlanInTx(
  trx: Kysely<DB>,
  { plan, userId, courseId, now }: { plan: InstalmentPart; userId: string; courseId: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('instalmentPlan')
    .values({
      id: plan.planId,
      userId,
      courseId,
      parts: plan.parts,
      total: plan.total,
      createdAt: now,
      stoppedAt: null,
    })
    .execute();
}
