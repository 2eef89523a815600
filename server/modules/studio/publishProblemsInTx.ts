import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

interface Publishable {
  id: string;
  title: string;
  description: string;
  category: string;
  thumbnailId: string | null;
}

/** What a course still lacks before it may be published; empty when it is ready. */
export async function publishProblemsInTx(
  trx: Kysely<DB>,
  { id, title, description, category, thumbnailId }: Publishable,
): Promise<string[]> {
  const missing: string[] = [];
  if (!title.trim()) missing.push('a title');
  if (!description.trim()) missing.push('a description');
  if (!category.trim()) missing.push('a category');
  const thumb = thumbnailId
    ? await trx.selectFrom('mediaAsset').select('status').where('id', '=', thumbnailId).executeTakeFirst()
    : undefined;
  if (thumb?.status !== 'ready') missing.push(thumbnailId ? 'a thumbnail that has finished processing' : 'a thumbnail');
  // A lesson a learner can take now: a text lesson, a quiz (saved with its questions, decision 0058), a video
  // lesson whose video is ready, or a PDF lesson with its file (decision 0060).
  const playable = await trx
    .selectFrom('episode')
    .leftJoin('mediaAsset', 'mediaAsset.id', 'episode.videoId')
    .leftJoin('mediaAsset as pdf', 'pdf.id', 'episode.pdfId')
    .select('episode.id')
    .where('episode.courseId', '=', id)
    .where((eb) =>
      eb.or([
        eb('episode.kind', 'in', ['text', 'quiz']),
        eb('mediaAsset.status', '=', 'ready'),
        eb.and([eb('episode.kind', '=', 'pdf'), eb('pdf.status', '=', 'ready')]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (!playable) missing.push('at least one episode with a ready video, a text lesson, a quiz or a PDF');
  return missing;
}

export function publishMessage(missing: string[]): string {
  return `Before publishing, please add ${missing.join(', ')}.`;
}
