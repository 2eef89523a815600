import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { c2bNotificationSchema, type C2bNotification } from '#server/daraja/c2b.ts';
import { normalisePaybillAccount } from './paybillAccount.ts';

/** What Daraja sent to a Paybill URL: the secret in its path and the body. */
export interface PaybillNotice {
  secret: string;
  body: unknown;
}

/** A C2B notification, checked: our secret in the URL, a well-formed body, and the purchase it names. */
export async function findPaybillPayment(services: Services, { secret, body }: PaybillNotice) {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret)) throw notFound();
  const parsed = c2bNotificationSchema.safeParse(body);
  const notice: C2bNotification | null = parsed.success ? parsed.data : null;
  const account = notice ? normalisePaybillAccount(notice.BillRefNumber) : '';
  const payment = account
    ? await services.database.db
        .selectFrom('payment')
        .select(['id', 'amount', 'status', 'userId', 'courseId', 'paybillAccount'])
        .where('paybillAccount', '=', account)
        .executeTakeFirst()
    : undefined;
  return { notice, payment };
}
