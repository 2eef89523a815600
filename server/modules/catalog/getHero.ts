import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNum } from '../../db/values.ts';
import { toRating } from './courseCard.ts';
import { imageRef, type ImageRef } from '../media/urls.ts';
import { videoSource } from '../playback/videoSource.ts';

export interface Hero {
  id: string;
  title: string;
  description: string;
  creatorName: string;
  price: number;
  rating: number | null;
  thumbnail: ImageRef | null;
  /** The first episode, played in place as the free preview. */
  preview: { src: string; poster: string; episodeId: string } | null;
}

/**
 * PRODUCT.md: the hero is the newest of the (up to 4) newest published courses — that is simply the newest
 * one, so only it is read.
 */
export async function getHero(db: Kysely<DB>): Promise<Hero | null> {
  const c = await db
    .selectFrom('course')
    .select(['id', 'title', 'description', 'creatorName', 'price', 'ratingAvg', 'thumbnailId'])
    .where('published', '=', true)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!c) return null;
  const first = await db
    .selectFrom('episode')
    .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.videoId')
    .select(['episode.id', 'episode.videoId'])
    .where('episode.courseId', '=', c.id)
    .where('episode.position', '=', 1)
    .where('mediaAsset.status', '=', 'ready')
    .executeTakeFirst();
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    creatorName: c.creatorName,
    price: toNum(c.price),
    rating: toRating(c.ratingAvg),
    thumbnail: imageRef(c.thumbnailId),
    preview: first?.videoId ? { ...videoSource(first.videoId, 'public'), episodeId: first.id } : null,
  };
}
