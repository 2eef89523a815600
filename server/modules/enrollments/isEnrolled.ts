import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Whether the learner owns the course (bought it, or enrolled in it for free). */
export async function isEnrolled(db: Kysely<DB>, userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrollment')
    .select('id')
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  return !!row;
}
