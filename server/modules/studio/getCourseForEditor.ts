import { toBool, toIso, toNum } from '#server/db/values.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { captionRefs, type CaptionRef } from '../captions/captionRefs.ts';

export interface EditorEpisode {
  id: string;
  order: number;
  title: string;
  description: string;
  duration: number;
  video: AssetView | null;
  thumbnail: AssetView | null;
  captions: Omit<CaptionRef, 'episodeId'>[];
}

export interface EditorCourse {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string;
  published: boolean;
  thumbnail: AssetView | null;
  trailer: AssetView | null;
  episodes: EditorEpisode[];
  lessonsCount: number;
  duration: number;
  updatedAt: string;
}

/** Everything the course editor shows, for the course's creator or an admin (others get a 404). */
export async function getCourseForEditor(services: Services, actor: Actor, courseId: unknown): Promise<EditorCourse> {
  const { db } = services.database;
  const c = await loadManagedCourse(db, actor, courseId);
  const episodes = await db
    .selectFrom('episode')
    .selectAll()
    .where('courseId', '=', c.id)
    .orderBy('position')
    .execute();
  const assets = await loadAssetViews(db, [
    c.thumbnailId,
    c.trailerId,
    ...episodes.flatMap((e) => [e.videoId, e.thumbnailId]),
  ]);
  const captions = await captionRefs(
    db,
    episodes.map((e) => e.id),
  );
  const view = (id: string | null) => (id ? (assets.get(id) ?? null) : null);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    price: toNum(c.price),
    category: c.category,
    published: toBool(c.published),
    thumbnail: view(c.thumbnailId),
    trailer: view(c.trailerId),
    lessonsCount: toNum(c.lessonsCount),
    duration: toNum(c.duration),
    updatedAt: toIso(c.updatedAt),
    episodes: episodes.map((e) => ({
      id: e.id,
      order: toNum(e.position),
      title: e.title,
      description: e.description,
      duration: toNum(e.duration),
      video: view(e.videoId),
      thumbnail: view(e.thumbnailId),
      captions: captions.filter((k) => k.episodeId === e.id).map(({ episodeId: _e, ...k }) => k),
    })),
  };
}
