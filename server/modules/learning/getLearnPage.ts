import { toBool, toNum } from '#server/db/values.ts';
import { canReviewCourse, hasCourseAccess, isFreePreview, lessonsOpenedByParts } from '../access/policies.ts';
import { instalmentProgress, type InstalmentProgress } from '#common/instalments/instalments.ts';
import { courseShare } from '../enrollments/courseShare.ts';
import type { Actor } from '#server/core/actor.ts';
import { imageRef, type ImageRef } from '#common/media/urls.ts';
import { videoSizes, type VideoSizes } from '#common/media/videoSizes.ts';
import type { Services } from '#server/core/services.ts';
import { videoSourceWithCaptions, type VideoSource } from '../playback/videoSource.ts';
import { findEpisodeForActor } from './findEpisodeForActor.ts';
import { resumePosition } from '#common/learning/resumePosition.ts';
import { readingMinutes } from '#common/learning/readingMinutes.ts';
import { listCourseNotes } from './notes/listCourseNotes.ts';
import type { NoteView } from './notes/noteView.ts';
import type { LessonFileView } from '#common/studio/lessonFiles.ts';
import { documentFacts, listLessonResources } from '../media/lessonFileRows.ts';
import type { SectionView } from '#common/studio/sections.ts';
import { listSections } from '../shared/listSections.ts';

export interface LearnEpisode {
  id: string;
  order: number;
  /** A LessonKind: what shows in place of the player. */
  kind: string;
  title: string;
  duration: number;
  /** A text lesson's reading time (0 for other kinds). */
  readingMinutes: number;
  /** Seconds watched (saved position). */
  position: number;
  completed: boolean;
  sizes: VideoSizes | null;
  thumbnail: ImageRef | null;
  /** The section it is in (null: before the first heading; decision 0064). */
  sectionId: string | null;
  /** Not yet in the learner's paid share of a course bought in instalments (decision 0068). */
  locked: boolean;
}

export interface LearnPage {
  course: { id: string; title: string; creatorName: string; rating: number | null; ratingCount: number };
  episodes: LearnEpisode[];
  /** The course's sections in order, headings over the lesson list (empty: none). */
  sections: SectionView[];
  current: LearnEpisode & {
    description: string;
    source: VideoSource | null;
    resumeAt: number;
    /** A text lesson's sanitised HTML, rendered when it was saved ('' for other kinds). */
    html: string;
    /** A PDF lesson's file: its size in bytes (opened at /api/learning/files/<id>/pdf); else null. */
    pdf: { size: number } | null;
    /** The files attached to this lesson (decision 0060). */
    resources: LessonFileView[];
  };
  prev: number | null;
  next: number | null;
  review: { allowed: boolean; mine: { rating: number; comment: string } | null };
  /** The learner's own notes in this course (every episode), in course order. */
  notes: NoteView[];
  /** Paying this course in instalments: the plan's progress (decision 0068); else null. */
  instalments: InstalmentProgress | null;
}

export type LearnPageResult = { status: 'ok'; page: LearnPage } | { status: 'not-found' } | { status: 'no-access' };

/** The learning page of one episode for a actor with access to the whole course. */
export async function getLearnPage(
  services: Services,
  actor: Actor,
  { courseId, order }: { courseId: string; order: number },
): Promise<LearnPageResult> {
  const { db } = services.database;
  const found = await findEpisodeForActor(services, actor, { courseId, position: order });
  if (!found) return { status: 'not-found' };
  // A lesson past the learner's paid share is refused like the whole course: its page says what to pay next.
  if (!hasCourseAccess(actor, found.course, found.enrolled) || !found.canWatch) return { status: 'no-access' };
  const { plan } = found.share ? await courseShare(services, actor, { courseId }) : { plan: null };
  const [course, rows, progress, mine, notes, sections] = await Promise.all([
    db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirstOrThrow(),
    db
      .selectFrom('episode')
      .leftJoin('mediaAsset', (j) =>
        j.onRef('mediaAsset.id', '=', 'episode.videoId').on('mediaAsset.status', '=', 'ready'),
      )
      .select([
        'episode.id',
        'episode.position',
        'episode.kind',
        'episode.title',
        'episode.description',
        'episode.body',
        'episode.bodyHtml',
        'episode.duration',
        'episode.thumbnailId',
        'episode.sectionId',
        'mediaAsset.id as readyVideoId',
        'mediaAsset.meta',
      ])
      .where('episode.courseId', '=', courseId)
      .orderBy('episode.position')
      .execute(),
    actor
      ? db
          .selectFrom('progress')
          .select(['episodeId', 'position', 'completed'])
          .where('userId', '=', actor.userId)
          .where('courseId', '=', courseId)
          .execute()
      : [],
    actor
      ? db
          .selectFrom('review')
          .select(['rating', 'comment'])
          .where('userId', '=', actor.userId)
          .where('courseId', '=', courseId)
          .executeTakeFirst()
      : undefined,
    listCourseNotes(services, actor, { courseId }),
    listSections(services, { courseId }),
  ]);
  const saved = new Map(progress.map((p) => [p.episodeId, p]));
  const opened = plan ? lessonsOpenedByParts(plan, rows.length) : rows.length;
  const courseThumb = imageRef(course.thumbnailId);
  const episodes = rows.map(
    (e, i): LearnEpisode & { description: string; html: string; readyVideoId: string | null } => {
      const p = saved.get(e.id);
      const order = toNum(e.position);
      return {
        id: e.id,
        order,
        kind: e.kind,
        title: e.title,
        description: e.description,
        html: e.bodyHtml,
        duration: toNum(e.duration),
        readingMinutes: e.kind === 'text' ? readingMinutes(e.body) : 0,
        position: p ? toNum(p.position) : 0,
        completed: p ? toBool(p.completed) : false,
        sizes: e.readyVideoId ? videoSizes(e.meta) : null,
        thumbnail: imageRef(e.thumbnailId) ?? courseThumb,
        sectionId: e.sectionId,
        locked: i >= opened && !isFreePreview(found.course, { episode: order }),
        readyVideoId: e.readyVideoId,
      };
    },
  );
  const i = episodes.findIndex((e) => e.order === order);
  const { readyVideoId, ...current } = episodes[i]!;
  const resumeAt = resumePosition(current);
  const [pdf, resources] = await Promise.all([
    current.kind === 'pdf'
      ? db
          .selectFrom('episode')
          .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.pdfId')
          .select('mediaAsset.meta')
          .where('episode.id', '=', current.id)
          .where('mediaAsset.status', '=', 'ready')
          .executeTakeFirst()
      : undefined,
    listLessonResources(services, { episodeIds: [current.id] }),
  ]);
  return {
    status: 'ok',
    page: {
      course: {
        id: course.id,
        title: course.title,
        creatorName: course.creatorName,
        rating: course.ratingAvg == null ? null : Math.round(toNum(course.ratingAvg) * 10) / 10,
        ratingCount: toNum(course.ratingCount),
      },
      episodes: episodes.map(({ readyVideoId: _v, description: _d, html: _h, ...e }) => e),
      sections,
      current: {
        ...current,
        source: readyVideoId
          ? await videoSourceWithCaptions(services, { assetId: readyVideoId, access: 'private', episodeId: current.id })
          : null,
        resumeAt,
        pdf: pdf ? { size: documentFacts(pdf.meta).size } : null,
        resources: resources.get(current.id) ?? [],
      },
      prev: i > 0 ? episodes[i - 1]!.order : null,
      next: i < episodes.length - 1 ? episodes[i + 1]!.order : null,
      review: {
        allowed: canReviewCourse(actor, found.course, found.enrolled),
        mine: mine ? { rating: toNum(mine.rating), comment: mine.comment } : null,
      },
      notes,
      instalments: plan ? instalmentProgress(plan) : null,
    },
  };
}
