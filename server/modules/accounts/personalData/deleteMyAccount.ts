import { verifyPassword } from 'better-auth/crypto';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { forbidden, invalidInput, unauthenticated } from '#server/core/errors.ts';
import { recordAuditInTx } from '#server/modules/shared/recordAudit.ts';

const WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';

/**
 * Deletes the signed-in person's account (Kenya's Data Protection Act, 2019, right to erasure), after they
 * confirm with their password. What identifies them goes: name, email and phone are replaced in the account,
 * profiles and payments; raw M-Pesa payloads (they carry the phone number) are dropped; sign-ins, saved
 * courses, progress, review comments and the link from viewing events are removed. What the law requires a
 * business to keep stays, anonymised and with its ids: payments (amount, status, receipt, dates), refunds,
 * and the enrollments and course counts they paid for. The account can never sign in again.
 */
export async function deleteMyAccount(services: Services, actor: Actor, input: unknown): Promise<void> {
  if (!actor) throw unauthenticated('Please sign in to delete your account.');
  const password =
    typeof input === 'object' && input !== null && typeof (input as { password?: unknown }).password === 'string'
      ? (input as { password: string }).password
      : '';
  if (!password) throw invalidInput('Enter your password to delete your account.', { password: 'Required' });
  const { db } = services.database;
  const userId = actor.userId;
  const credential = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (!credential?.password || !(await verifyPassword({ hash: credential.password, password })))
    throw forbidden(WRONG_PASSWORD);

  const now = new Date();
  const gone = { name: 'Deleted user', email: `deleted-${userId}@deleted.invalid`, phone: '' };
  await db.transaction().execute(async (trx) => {
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
    await trx.deleteFrom('progress').where('userId', '=', userId).execute();
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
