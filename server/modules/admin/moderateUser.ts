import type { AppServices } from '../../http/appContext.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../access/policies.ts';
import type { UserAction } from './moderationSchema.ts';
import { recordAudit } from './recordAudit.ts';
import { requireAdmin } from './requireAdmin.ts';

/**
 * Suspends or restores a user. Suspension ends every session of theirs at once (the next request they make
 * is signed out) and blocks sign-in until restored. Admins cannot be suspended from the console: that
 * would let one admin lock out the others.
 */
export async function moderateUser(
  services: AppServices,
  actor: Actor,
  userId: string,
  action: UserAction,
  reason = '',
): Promise<{ status: 'active' | 'suspended' }> {
  requireAdmin(actor);
  if (!isId(userId)) throw notFound('User not found.');
  return services.database.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('user').select(['id', 'email', 'role', 'status']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('User not found.');
    if (user.role === 'admin') throw conflict('Admins cannot be suspended from the console.');
    const status = action === 'suspend' ? 'suspended' : 'active';
    if (user.status === status) throw conflict(action === 'suspend' ? 'This user is already suspended.' : 'This user is not suspended.');
    await trx.updateTable('user').set({ status, updatedAt: new Date() }).where('id', '=', userId).execute();
    if (action === 'suspend') await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: `user.${action}`,
      targetType: 'user',
      targetId: userId,
      details: { email: user.email, ...(reason ? { reason } : {}) },
    });
    return { status };
  });
}
