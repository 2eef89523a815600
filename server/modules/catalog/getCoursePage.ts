import { toBool, toIso, toNum } from '#server/db/values.ts';
import { canViewCourse, isOnSale } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import { toRating } from './courseCard.ts';
import { courseFactLines } from './courseFactLines.ts';
import { readingMinutes } from '#common/learning/readingMinutes.ts';
import { isId } from '#common/ids.ts';
import { imageRef, ogImageUrl, type ImageRef } from '#common/media/urls.ts';
import { videoSizes, type VideoSizes } from '#common/media/videoSizes.ts';
import type { Services } from '#server/core/services.ts';
import { type VideoSource, videoSource, videoSourceWithCaptions } from '../playback/videoSource.ts';
import type { SectionView } from '#common/studio/sections.ts';
import { listSections } from '../shared/listSections.ts';

export interface EpisodeSummary {
  id: string;
  order: number;
  /** A LessonKind ('video', 'text'). */
  kind: string;
  title: string;
  description: string;
  duration: number;
  /** A text lesson's reading time (0 for other kinds). */
  readingMinutes: number;
  /** The free first lesson's sanitised HTML when it is a text lesson, read in place like the video preview. */
  text: string | null;
  thumbnail: ImageRef | null;
  /** Only set for episodes this actor may play (episode 1, the free preview with its captions, for everyone). */
  video: VideoSource | null;
  /** Bytes to watch it at the best quality and with data saver, once its video is ready. */
  sizes: VideoSizes | null;
  /** The section it is in (null: before the first heading; decision 0064). */
  sectionId: string | null;
}

export interface CoursePage {
  id: string;
  title: string;
  description: string;
  price: number;
  /** Instalments allowed (decision 0068): 0 none, else the most parts a learner may pay in. */
  instalmentsMax: number;
  category: string;
  creatorId: string;
  creatorName: string;
  published: boolean;
  /** False while its creator is suspended: the page stays, "Purchase Course" gives way to a notice. */
  forSale: boolean;
  rating: number | null;
  ratingCount: number;
  enrolledCount: number;
  lessonsCount: number;
  /** Seconds of video in all its episodes. */
  duration: number;
  /** "What you will learn" and "Requirements", as the creator wrote them (empty lists when not given). */
  outcomes: string[];
  requirements: string[];
  thumbnail: ImageRef | null;
  /** The thumbnail as a 1200×630 JPEG, for link previews. */
  ogImage: string | null;
  trailer: { src: string; poster: string } | null;
  episodes: EpisodeSummary[];
  /** The course's sections in order, headings over the lesson list (empty: none). */
  sections: SectionView[];
  updatedAt: string;
}

/**
 * A course as its public page shows it, or null when it does not exist or the actor may not see it.
 * Episode videos are only exposed for episode 1 here; playback of the others is decided by the playback
 * module when an actor asks for them.
 */
export async function getCoursePage(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<CoursePage | null> {
  if (!isId(courseId)) return null;
  const { db } = services.database;
  const c = await db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!c) return null;
  const published = toBool(c.published);
  if (!canViewCourse(actor, { creatorId: c.creatorId, published })) return null;

  const [episodes, trailerReady, creator, sections] = await Promise.all([
    db
      .selectFrom('episode')
      .leftJoin('mediaAsset', (j) =>
        j.onRef('mediaAsset.id', '=', 'episode.videoId').on('mediaAsset.status', '=', 'ready'),
      )
      .selectAll('episode')
      .select(['mediaAsset.id as readyVideoId', 'mediaAsset.meta as videoMeta'])
      .where('episode.courseId', '=', courseId)
      .orderBy('episode.position')
      .execute(),
    c.trailerId
      ? db
          .selectFrom('mediaAsset')
          .select('id')
          .where('id', '=', c.trailerId)
          .where('status', '=', 'ready')
          .executeTakeFirst()
      : undefined,
    db.selectFrom('user').select('status as creatorStatus').where('id', '=', c.creatorId).executeTakeFirst(),
    listSections(services, { courseId }),
  ]);
  const courseThumb = imageRef(c.thumbnailId);
  // Free previews of a published course; a draft's only reach its creator and admins (checked above).
  const access = published ? 'public' : 'private';
  const media = (id: string | null | undefined) => (id ? videoSource(services.mediaTokens, id, access) : null);
  const first = episodes.find((e) => toNum(e.position) === 1 && (e.readyVideoId || e.kind === 'text'));
  const preview = first?.readyVideoId
    ? await videoSourceWithCaptions(services, { assetId: first.readyVideoId, access, episodeId: first.id })
    : null;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    price: toNum(c.price),
    instalmentsMax: toNum(c.instalmentsMax),
    category: c.category,
    creatorId: c.creatorId,
    creatorName: c.creatorName,
    published,
    forSale: !!creator && isOnSale(creator),
    rating: toRating(c.ratingAvg),
    ratingCount: toNum(c.ratingCount),
    enrolledCount: toNum(c.enrolledCount),
    lessonsCount: episodes.length,
    duration: toNum(c.duration),
    outcomes: courseFactLines(c.outcomes),
    requirements: courseFactLines(c.requirements),
    thumbnail: courseThumb,
    ogImage: c.thumbnailId ? ogImageUrl(c.thumbnailId) : null,
    trailer: media(trailerReady?.id),
    updatedAt: toIso(c.updatedAt),
    sections,
    episodes: episodes.map((e) => ({
      id: e.id,
      order: toNum(e.position),
      kind: e.kind,
      title: e.title,
      description: e.description,
      duration: toNum(e.duration),
      readingMinutes: e.kind === 'text' ? readingMinutes(e.body) : 0,
      text: e === first && e.kind === 'text' ? e.bodyHtml : null,
      thumbnail: imageRef(e.thumbnailId) ?? courseThumb,
      video: e === first ? preview : null,
      sizes: sizesOf(e.readyVideoId ? e.videoMeta : null),
      sectionId: e.sectionId,
    })),
  };
}

function sizesOf(meta: string | null): EpisodeSummary['sizes'] {
  return meta ? videoSizes(meta) : null;
}
