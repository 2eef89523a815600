import type { Selectable } from 'kysely';
import type { AppServices, Viewer } from '../../http/appContext.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { PaymentTable } from '../../db/schema.ts';
import { toBool, toNum } from '../../db/values.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { DarajaError } from '../../daraja/darajaError.ts';
import { toDarajaPhone } from '../../daraja/phone.ts';
import { newId } from '../../lib/ids.ts';
import { canBuyCourse } from '../access/policies.ts';
import { grantEnrollment } from '../enrollments/grantEnrollment.ts';
import { isEnrolled } from '../enrollments/isEnrolled.ts';
import { callbackUrl, darajaFor } from './daraja.ts';
import { startPaymentSchema } from './paymentSchemas.ts';
import { paymentView, type PaymentView } from './paymentView.ts';

export type StartPaymentResult = { kind: 'enrolled'; courseId: string } | { kind: 'payment'; payment: PaymentView };

export const PHONE_HELP = 'Enter a Kenyan M-Pesa number, like 0712 345 678.';

/**
 * "Pay with M-Pesa": checks who is buying what, then records a payment and sends one STK push (PIN prompt)
 * to the customer's phone. A free course enrolls at once. A repeated request with the same idempotency key
 * (a double click, a retried request) answers the same payment and sends nothing; the same key with other
 * details is refused.
 */
export async function startPayment(services: AppServices, viewer: Viewer | null, input: unknown): Promise<StartPaymentResult> {
  if (!viewer) throw unauthorized('Please sign in to buy this course.');
  const parsed = startPaymentSchema.safeParse(input);
  if (!parsed.success) {
    const details = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
    throw badRequest(details.phone ? PHONE_HELP : 'The purchase request is not valid.', details);
  }
  const { courseId, amount, idempotencyKey } = parsed.data;
  const { db } = services.database;

  const course = await db
    .selectFrom('course')
    .select(['id', 'price', 'published', 'creatorId'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !toBool(course.published)) throw notFound('This course is not available.');
  if (course.creatorId === viewer.userId) throw forbidden('You cannot buy your own course.');
  if (!canBuyCourse(viewer, course)) throw forbidden('Only customer accounts can buy courses.');
  const price = toNum(course.price);
  if (amount !== price) throw conflict('The price of this course has changed. Please check it and try again.');

  const replay = await byKey(services, viewer.userId, idempotencyKey);
  if (replay) return sameRequestOrConflict(replay, courseId, amount, parsed.data.phone);
  if (await isEnrolled(db, viewer.userId, courseId)) throw new AppError(409, 'already_owned', 'You already own this course.');

  if (price === 0) {
    const enrolled = await grantEnrollment(db, { userId: viewer.userId, courseId, paymentId: null });
    if (enrolled) services.catalogChanged();
    return { kind: 'enrolled', courseId };
  }

  const phone = toDarajaPhone(parsed.data.phone);
  if (!phone) throw badRequest(PHONE_HELP, { phone: 'Not a Kenyan mobile number' });

  const now = new Date();
  const id = newId();
  try {
    await db
      .insertInto('payment')
      .values({
        id,
        userId: viewer.userId,
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
      })
      .execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Lost a race: the same key from a double click, or another open payment for this course.
    const raced = await byKey(services, viewer.userId, idempotencyKey);
    if (raced) return sameRequestOrConflict(raced, courseId, amount, parsed.data.phone);
    const open = await db
      .selectFrom('payment')
      .select('id')
      .where('userId', '=', viewer.userId)
      .where('courseId', '=', courseId)
      .where('status', 'in', ['created', 'pending'])
      .executeTakeFirst();
    throw new AppError(409, 'payment_open', 'A payment for this course is already waiting for you on your phone.', {
      paymentId: open?.id ?? '',
    });
  }
  return { kind: 'payment', payment: await sendPrompt(services, id, amount, phone) };
}

async function sendPrompt(services: AppServices, id: string, amount: number, phone: string): Promise<PaymentView> {
  const { db } = services.database;
  const now = new Date();
  try {
    const { request, response } = await darajaFor(services.config).stkPush({
      amount,
      phone,
      callbackUrl: callbackUrl(services.config),
      accountReference: `DARASA${id.slice(0, 6)}`,
      transactionDesc: 'Darasa course',
    });
    const row = await db
      .updateTable('payment')
      .set({
        status: 'pending',
        merchantRequestId: response.MerchantRequestID,
        checkoutRequestId: response.CheckoutRequestID,
        // The callback URL carries our secret: keep the record without it.
        rawRequest: JSON.stringify({ ...request, CallBackURL: '[redacted]', response }),
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .returningAll()
      .executeTakeFirstOrThrow();
    return paymentView(row);
  } catch (err) {
    if (!(err instanceof DarajaError)) throw err;
    services.log.warn({ paymentId: id, status: err.status, code: err.code, message: err.message }, 'STK push refused');
    await db
      .updateTable('payment')
      .set({ status: 'failed', resultDesc: `STK push refused: ${err.message}`.slice(0, 500), updatedAt: now })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
    throw new AppError(502, 'mpesa_unavailable', 'M-Pesa could not send the payment prompt. Please try again in a moment.');
  }
}

async function byKey(services: AppServices, userId: string, key: string) {
  return services.database.db
    .selectFrom('payment')
    .selectAll()
    .where('userId', '=', userId)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
}

function sameRequestOrConflict(p: Selectable<PaymentTable>, courseId: string, amount: number, phone: string): StartPaymentResult {
  if (p.courseId !== courseId || toNum(p.amount) !== amount || p.phone !== toDarajaPhone(phone)) {
    throw conflict('This payment was already started with different details. Please start a new one.');
  }
  return { kind: 'payment', payment: paymentView(p) };
}
