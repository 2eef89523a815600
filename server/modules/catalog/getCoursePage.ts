import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toBool, toIso, toNum } from '../../db/values.ts';
import { canViewCourse, type Actor } from '../access/policies.ts';
import { toRating } from './courseCard.ts';
import { imageRef, type ImageRef } from '../media/urls.ts';
import { videoSizes } from '../media/videoSizes.ts';
import { videoSource } from '../playback/videoSource.ts';

export interface EpisodeSummary {
  id: string;
  order: number;
  title: string;
  description: string;
  duration: number;
  thumbnail: ImageRef | null;
  /** Only set for episodes this viewer may play (episode 1 for everyone). */
  video: { src: string; poster: string } | null;
  /** Bytes to watch it at the best quality and with data saver, once its video is ready. */
  sizes: { full: number; saver: number } | null;
}

export interface CoursePage {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string;
  creatorId: string;
  creatorName: string;
  published: boolean;
  rating: number | null;
  ratingCount: number;
  enrolledCount: number;
  episodeCount: number;
  duration: number;
  thumbnail: ImageRef | null;
  trailer: { src: string; poster: string } | null;
  episodes: EpisodeSummary[];
  updatedAt: string;
}

/**
 * A course as its public page shows it, or null when it does not exist or the viewer may not see it.
 * Episode videos are only exposed for episode 1 here; playback of the others is decided by the playback
 * module when a viewer asks for them.
 */
export async function getCoursePage(
  db: Kysely<DB>,
  courseId: string,
  viewer: Actor = null,
): Promise<CoursePage | null> {
  const c = await db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!c) return null;
  const published = toBool(c.published);
  if (!canViewCourse(viewer, { creatorId: c.creatorId, published })) return null;

  const [episodes, trailerReady] = await Promise.all([
    db
      .selectFrom('episode')
      .leftJoin('mediaAsset', (j) => j.onRef('mediaAsset.id', '=', 'episode.videoId').on('mediaAsset.status', '=', 'ready'))
      .selectAll('episode')
      .select(['mediaAsset.id as readyVideoId', 'mediaAsset.meta as videoMeta'])
      .where('episode.courseId', '=', courseId)
      .orderBy('episode.position')
      .execute(),
    c.trailerId
      ? db.selectFrom('mediaAsset').select('id').where('id', '=', c.trailerId).where('status', '=', 'ready').executeTakeFirst()
      : undefined,
  ]);
  const courseThumb = imageRef(c.thumbnailId);
  // Free previews of a published course; a draft's only reach its creator and admins (checked above).
  const media = (id: string | null | undefined) => (id ? videoSource(id, published ? 'public' : 'private') : null);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    price: toNum(c.price),
    category: c.category,
    creatorId: c.creatorId,
    creatorName: c.creatorName,
    published,
    rating: toRating(c.ratingAvg),
    ratingCount: toNum(c.ratingCount),
    enrolledCount: toNum(c.enrolledCount),
    episodeCount: episodes.length,
    duration: toNum(c.duration),
    thumbnail: courseThumb,
    trailer: media(trailerReady?.id),
    updatedAt: toIso(c.updatedAt),
    episodes: episodes.map((e) => ({
      id: e.id,
      order: toNum(e.position),
      title: e.title,
      description: e.description,
      duration: toNum(e.duration),
      thumbnail: imageRef(e.thumbnailId) ?? courseThumb,
      video: toNum(e.position) === 1 ? media(e.readyVideoId) : null,
      sizes: sizesOf(e.readyVideoId ? e.videoMeta : null),
    })),
  };
}

function sizesOf(meta: string | null): EpisodeSummary['sizes'] {
  const sizes = meta ? videoSizes(meta) : null;
  return sizes ? { full: sizes.full, saver: sizes.saver } : null;
}
