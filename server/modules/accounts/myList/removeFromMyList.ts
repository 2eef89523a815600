import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

export async function removeFromMyList(db: Kysely<DB>, userId: string, courseId: string): Promise<void> {
  await db.deleteFrom('myList').where('userId', '=', userId).where('courseId', '=', courseId).execute();
}
