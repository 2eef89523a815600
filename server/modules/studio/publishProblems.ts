import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';

interface Publishable {
  id: string;
  title: string;
  description: string;
  category: string;
  thumbnailId: string | null;
}

/** What a course still lacks before it may be published; empty when it is ready. */
export async function publishProblems(db: Kysely<DB> | Transaction<DB>, course: Publishable): Promise<string[]> {
  const missing: string[] = [];
  if (!course.title.trim()) missing.push('a title');
  if (!course.description.trim()) missing.push('a description');
  if (!course.category.trim()) missing.push('a category');
  const thumb = course.thumbnailId
    ? await db.selectFrom('mediaAsset').select('status').where('id', '=', course.thumbnailId).executeTakeFirst()
    : undefined;
  if (thumb?.status !== 'ready')
    missing.push(course.thumbnailId ? 'a thumbnail that has finished processing' : 'a thumbnail');
  const playable = await db
    .selectFrom('episode')
    .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.videoId')
    .select('episode.id')
    .where('episode.courseId', '=', course.id)
    .where('mediaAsset.status', '=', 'ready')
    .limit(1)
    .executeTakeFirst();
  if (!playable) missing.push('at least one episode with a ready video');
  return missing;
}

export function publishMessage(missing: string[]): string {
  return `Before publishing, please add ${missing.join(', ')}.`;
}
