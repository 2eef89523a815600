import type { Services } from '#server/core/services.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import { restoreUser } from '../accounts/restoreUser.ts';
import { suspendUser } from '../accounts/suspendUser.ts';
import type { UserAction } from '#common/admin/moderationSchema.ts';
import { recordAudit } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

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
  // The accounts operations own what suspension means (status, ending sessions); they run their own
  // transaction, so the audit entry follows right after.
  await (action === 'suspend' ? suspendUser(db, userId) : restoreUser(db, userId));
  await recordAudit(db, {
    actorId: actor.userId,
    action: `user.${action}`,
    targetType: 'user',
    targetId: userId,
    details: { email: user.email, ...(reason ? { reason } : {}) },
  });
  return { status };
}
