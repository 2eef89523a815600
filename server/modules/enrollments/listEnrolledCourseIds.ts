import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The ids of every course the learner owns, to mark cards "Purchased" in a grid. */
export async function listEnrolledCourseIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('enrollment').select('courseId').where('userId', '=', userId).execute();
  return rows.map((r) => r.courseId);
}
