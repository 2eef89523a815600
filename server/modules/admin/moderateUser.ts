import type { Services } from '#server/core/services.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import { restoreUserInTx } from '../accounts/restoreUser.ts';
import { suspendUserInTx } from '../accounts/suspendUser.ts';
import type { UserAction } from '#common/admin/moderationSchema.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { releasePayouts } from '../payouts/releasePayouts.ts';

/**
 * Suspends or restores a user. Suspension ends every session of theirs at once (their next request is
 * signed out) and blocks sign-in until restored. Admins cannot be suspended from the console: that
 * would let one admin lock out the others.
 */
export async function moderateUser(
  services: Services,
  actor: Actor,
  { userId, action, reason = '' }: { userId: string; action: UserAction; reason?: string },
): Promise<{ status: 'active' | 'suspended' }> {
  requireAdmin(actor);
  if (!isId(userId)) throw notFound('User not found.');
  const { db } = services.database;
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'role', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('User not found.');
  if (user.role === 'admin') throw conflict('Admins cannot be suspended from the console.');
  const status = action === 'suspend' ? 'suspended' : 'active';
  if (user.status === status)
    throw conflict(action === 'suspend' ? 'This user is already suspended.' : 'This user is not suspended.');
  // The accounts steps own what suspension means (status, ending sessions); the audit entry stands or falls with it.
  await db.transaction().execute(async (trx) => {
    await (action === 'suspend' ? suspendUserInTx(trx, { userId }) : restoreUserInTx(trx, { userId }));
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: `user.${action}`,
      targetType: 'user',
      targetId: userId,
      details: { email: user.email, ...(reason ? { reason } : {}) },
    });
  });
  // Cached pages show the change: a suspended creator's page goes, their courses stop selling (and back).
  services.catalogChanged();
  // Payouts held while suspended go out again (the payouts tick would also release them).
  if (action === 'restore') await releasePayouts(services, { creatorId: userId });
  return { status };
}
