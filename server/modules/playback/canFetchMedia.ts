import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface MediaViewer {
  userId: string;
  role: string;
}

/**
 * The one rule for fetching an asset's files. Images (thumbnails, posters) are public. A video's files
 * are public when it is the trailer or the episode-1 video of a published course; otherwise only its
 * owner and admins may fetch them (enrolled learners get access through playback tokens, issue 5).
 * Answers how the files may be cached, or null when this viewer may not fetch them.
 * Original uploads are never served: only processed files under the asset's folder are.
 */
export async function canFetchMedia(
  db: Kysely<DB>,
  assetId: string,
  file: string,
  viewer: MediaViewer | null,
): Promise<'public' | 'private' | null> {
  const asset = await db
    .selectFrom('mediaAsset')
    .select(['kind', 'status', 'ownerId'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset || asset.status !== 'ready') return null;
  if (asset.kind === 'image' || file.endsWith('.webp')) return 'public';
  const publicUse = await db
    .selectFrom('course')
    .select('course.id')
    .where('course.published', '=', true)
    .where((eb) =>
      eb.or([
        eb('course.trailerId', '=', assetId),
        eb.exists(
          eb
            .selectFrom('episode')
            .select('episode.id')
            .whereRef('episode.courseId', '=', 'course.id')
            .where('episode.videoId', '=', assetId)
            .where('episode.position', '=', 1),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (publicUse) return 'public';
  if (viewer && (viewer.role === 'admin' || viewer.userId === asset.ownerId)) return 'private';
  return null;
}
