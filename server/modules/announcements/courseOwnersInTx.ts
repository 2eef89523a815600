import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** The owners of a course who take its announcements and notices (not opted out, account active), with how to reach them. */
export function courseOwnersInTx(trx: Kysely<DB>, { courseId }: { courseId: string }) {
  return trx
    .selectFrom('enrollment')
    .innerJoin('user', 'user.id', 'enrollment.userId')
    .select(['user.id', 'user.email', 'user.phone', 'user.phoneVerified', 'user.locale'])
    .where('enrollment.courseId', '=', courseId)
    .where('enrollment.announcementsOff', '=', false)
    .where('user.status', '=', 'active')
    .orderBy('user.id')
    .execute();
}
