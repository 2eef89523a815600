import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { newGiftToken } from './giftToken.ts';

/**
 * The gift of a purchase being started, in the purchase's transaction. Its claim token is made afresh when the
 * claim SMS goes out (sendGiftSmsJob); until then the stored hash is of a token nobody was given.
 */
export async function createGiftInTx(
  trx: Kysely<DB>,
  input: { paymentId: string; buyerId: string; courseId: string; recipientPhone: string; language: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('gift')
    .values({
      id: newId(),
      paymentId: input.paymentId,
      buyerId: input.buyerId,
      courseId: input.courseId,
      recipientPhone: input.recipientPhone,
      language: input.language,
      tokenHash: newGiftToken().hash,
      claimedBy: null,
      claimedAt: null,
      cancelledAt: null,
      lastSmsAt: null,
      createdAt: input.now,
    })
    .execute();
}
