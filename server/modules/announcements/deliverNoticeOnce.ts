import type { Services } from '#server/core/services.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';

/**
 * Sends one notice to one person on one channel at most once, however often the job that sends it runs:
 * the delivery is recorded first (its key is the notice, the person and the channel), and only the run
 * that recorded it sends. A send that fails removes the record again so the job's retry sends it.
 * Returns whether this call sent it.
 */
export async function deliverNoticeOnce(
  services: Services,
  {
    noticeId,
    userId,
    channel,
    send,
  }: { noticeId: string; userId: string; channel: 'email' | 'sms'; send: () => Promise<unknown> },
): Promise<boolean> {
  const { db } = services.database;
  try {
    await db
      .insertInto('noticeDelivery')
      .values({ noticeId, userId, channel, createdAt: services.clock.now() })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
  try {
    await send();
    return true;
  } catch (err) {
    await db
      .deleteFrom('noticeDelivery')
      .where('noticeId', '=', noticeId)
      .where('userId', '=', userId)
      .where('channel', '=', channel)
      .execute();
    throw err;
  }
}
