import { toNum } from '#server/db/values.ts';
import { toRating } from './courseCard.ts';
import { imageRef, ogImageUrl, type ImageRef } from '#common/media/urls.ts';
import type { Services } from '#server/core/services.ts';
import { type VideoSource, videoSourceWithCaptions } from '../playback/videoSource.ts';

export interface Hero {
  id: string;
  title: string;
  description: string;
  creatorName: string;
  price: number;
  rating: number | null;
  thumbnail: ImageRef | null;
  /** The thumbnail as a 1200×630 JPEG: the landing page's link-preview picture. */
  ogImage: string | null;
  /** The first episode, played in place as the free preview, with its captions. */
  preview: (VideoSource & { episodeId: string }) | null;
}

/**
 * docs/product.md: the hero is the newest of the (up to 4) newest published courses — that is simply the newest
 * one, so only it is read.
 */
export async function getHero(services: Services): Promise<Hero | null> {
  const { db } = services.database;
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
    ogImage: c.thumbnailId ? ogImageUrl(c.thumbnailId) : null,
    preview: first?.videoId
      ? {
          ...(await videoSourceWithCaptions(services, {
            assetId: first.videoId,
            access: 'public',
            episodeId: first.id,
          })),
          episodeId: first.id,
        }
      : null,
  };
}
