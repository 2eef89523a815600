import type { Services } from '#server/core/services.ts';

/** Records that a code proved this account's phone (it then belongs to this account alone). */
export async function markPhoneVerified(services: Services, { userId }: { userId: string }): Promise<void> {
  await services.database.db
    .updateTable('user')
    .set({ phoneVerified: true, updatedAt: services.clock.now() })
    .where('id', '=', userId)
    .execute();
}
