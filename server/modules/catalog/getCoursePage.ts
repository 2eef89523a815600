import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toBool, toIso, toNum } from '../../db/values.ts';
import { toRating } from './courseCard.ts';
import { imageRef, type ImageRef } from '../media/urls.ts';
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

export interface CourseViewer {
  userId: string;
  role: string;
}

/** Who may see an unpublished course: its creator and admins. */
function canSeeDraft(viewer: CourseViewer | null, creatorId: string): boolean {
  return !!viewer && (viewer.role === 'admin' || viewer.userId === creatorId);
}

/**
 * A course as its public page shows it, or null when it does not exist or the viewer may not see it.
 * Episode videos are only exposed for episode 1 here; playback of the others is decided by the playback
 * module when a viewer asks for them.
 */
export async function getCoursePage(
  db: Kysely<DB>,
  courseId: string,
  viewer: CourseViewer | null = null,
): Promise<CoursePage | null> {
  const c = await db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!c) return null;
  const published = toBool(c.published);
  if (!published && !canSeeDraft(viewer, c.creatorId)) return null;

  const [episodes, ready] = await Promise.all([
    db.selectFrom('episode').selectAll().where('courseId', '=', courseId).orderBy('position').execute(),
    readyVideoIds(db, courseId, c.trailerId),
  ]);
  const courseThumb = imageRef(c.thumbnailId);
  // Free previews of a published course; a draft's only reach its creator and admins (checked above).
  const media = (id: string | null) => (id && ready.has(id) ? videoSource(id, published ? 'public' : 'private') : null);
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
    trailer: media(c.trailerId),
    updatedAt: toIso(c.updatedAt),
    episodes: episodes.map((e) => ({
      id: e.id,
      order: toNum(e.position),
      title: e.title,
      description: e.description,
      duration: toNum(e.duration),
      thumbnail: imageRef(e.thumbnailId) ?? courseThumb,
      video: toNum(e.position) === 1 ? media(e.videoId) : null,
    })),
  };
}

async function readyVideoIds(db: Kysely<DB>, courseId: string, trailerId: string | null): Promise<Set<string>> {
  const rows = await db
    .selectFrom('mediaAsset')
    .select('id')
    .where('status', '=', 'ready')
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('episode').select('videoId').where('courseId', '=', courseId).where('position', '=', 1)),
        ...(trailerId ? [eb('id', '=', trailerId)] : []),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
