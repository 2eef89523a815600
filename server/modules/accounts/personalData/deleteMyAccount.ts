import { verifyPassword } from 'better-auth/crypto';
import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recordAuditInTx } from '#server/modules/shared/recordAudit.ts';
import { codeEntrySchema } from '#common/accounts/phoneSchemas.ts';
import { consumeOtpChallenge } from '../phone/consumeOtpChallenge.ts';
import { passwordHashOf } from './passwordHashOf.ts';

const PASSWORD_NEEDED = 'Enter your password to delete your account.';
const WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';
export const CODE_NEEDED = 'Enter the code we sent to your phone to delete your account.';

/**
 * Deletes the signed-in person's account (Kenya's Data Protection Act, 2019, right to erasure), after they
 * confirm with their password, or, for a phone-only account, with a one-time code sent to its phone
 * (requestDeletionCode). What identifies them goes: name, email and phone are replaced in the account,
 * profiles and payments; raw M-Pesa payloads (they carry the phone number) are dropped; sign-ins, saved
 * courses, progress, review comments, certificates, notices received and the link from viewing events are
 * removed, so are the referrals that brought them to courses and their own referral code, and their number is blanked in the texts log and in gifts they claimed (a gift they sent keeps its
 * recipient's number, which is how that person claims it). What the law requires a
 * business to keep stays, anonymised and with its ids: payments (amount, status, receipt, dates), refunds,
 * and the enrollments and course counts they paid for. The account can never sign in again.
 */
export async function deleteMyAccount(services: Services, actor: Actor, input: unknown): Promise<void> {
  if (!actor) throw unauthenticated('Please sign in to delete your account.');
  const userId = actor.userId;
  const hash = await passwordHashOf(services, { userId });
  if (hash === null) await confirmByCode(services, userId, input);
  else {
    const { password } = parseInput(z.object({ password: z.string().min(1) }), input, PASSWORD_NEEDED);
    if (!(await verifyPassword({ hash, password }))) throw forbidden(WRONG_PASSWORD);
  }
  const { db } = services.database;
  const now = services.clock.now();
  const gone = { name: 'Deleted user', email: `deleted-${userId}@deleted.invalid`, phone: '' };
  const { phone } = await db.selectFrom('user').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    if (phone) await trx.updateTable('smsMessage').set({ phone: '' }).where('phone', '=', phone).execute();
    await trx.updateTable('gift').set({ recipientPhone: '' }).where('claimedBy', '=', userId).execute();
    await trx.deleteFrom('noticeDelivery').where('userId', '=', userId).execute();
    await trx.deleteFrom('certificate').where('userId', '=', userId).execute();
    await trx
      .updateTable('user')
      .set({ ...gone, image: null, status: 'deleted', updatedAt: now })
      .where('id', '=', userId)
      .execute();
    await trx.updateTable('customerProfile').set(gone).where('userId', '=', userId).execute();
    await trx.updateTable('creatorProfile').set(gone).where('userId', '=', userId).execute();
    await trx
      .updateTable('payment')
      .set({ phone: '', rawRequest: null, rawCallback: null, rawQuery: null, updatedAt: now })
      .where('userId', '=', userId)
      .execute();
    await trx.updateTable('review').set({ comment: '' }).where('userId', '=', userId).execute();
    await trx.updateTable('viewEvent').set({ userId: null }).where('userId', '=', userId).execute();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await trx.deleteFrom('account').where('userId', '=', userId).execute();
    await trx.deleteFrom('myList').where('userId', '=', userId).execute();
    await trx.deleteFrom('emailChange').where('userId', '=', userId).execute();
    await trx.deleteFrom('progress').where('userId', '=', userId).execute();
    await trx.deleteFrom('note').where('userId', '=', userId).execute();
    await trx.deleteFrom('quizAttempt').where('userId', '=', userId).execute();
    // Who brought them to a course goes, and their own referral link stops working (the commissions already
    // earned stay in the books, like payments).
    await trx.deleteFrom('referral').where('userId', '=', userId).execute();
    await trx.deleteFrom('affiliate').where('userId', '=', userId).execute();
    // Their questions (with the answers under them) and answers go; a thread is nothing without its question.
    for (const table of ['questionVote', 'questionReport', 'answer', 'question'] as const)
      await trx.deleteFrom(table).where('userId', '=', userId).execute();
    await recordAuditInTx(trx, {
      actorId: userId,
      action: 'account.deleted',
      targetType: 'user',
      targetId: userId,
      details: {},
    });
  });
  services.catalogChanged();
}

/** The code must be one sent for deleting this very account. */
async function confirmByCode(services: Services, userId: string, input: unknown): Promise<void> {
  const entry = parseInput(codeEntrySchema, input, CODE_NEEDED);
  const { payload } = await consumeOtpChallenge(services, { ...entry, purpose: 'delete' });
  const owner = z.object({ userId: z.string() }).safeParse(JSON.parse(payload ?? 'null'));
  if (!owner.success || owner.data.userId !== userId) throw forbidden(CODE_NEEDED);
}
