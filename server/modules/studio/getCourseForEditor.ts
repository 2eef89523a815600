import { toBool, toIso, toNum } from '#server/db/values.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { captionRefs, type CaptionRef } from '../captions/captionRefs.ts';
import { courseFactLines } from '../catalog/courseFactLines.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';
import { LESSON_KINDS, type LessonKind } from '#common/studio/episodeSchema.ts';
import type { QuizQuestion } from '#common/studio/quizSchema.ts';
import { readQuizQuestions } from '../learning/quiz/readQuizQuestions.ts';
import type { LessonFileView } from '#common/studio/lessonFiles.ts';
import { listLessonResources } from '../media/lessonFileRows.ts';
import type { SectionView } from '#common/studio/sections.ts';
import { listSections } from '../shared/listSections.ts';

export interface EditorEpisode {
  id: string;
  order: number;
  kind: LessonKind;
  title: string;
  /** A text lesson's Markdown, and the HTML the learner sees (the editor's preview of what was saved). */
  body: string;
  html: string;
  description: string;
  duration: number;
  video: AssetView | null;
  thumbnail: AssetView | null;
  captions: Omit<CaptionRef, 'episodeId'>[];
  /** A quiz lesson's settings and questions (with their ids, sent back on save to keep them); else null. */
  quiz: { passMark: number; maxAttempts: number | null; questions: QuizQuestion[] } | null;
  /** A PDF lesson's file (decision 0060); else null. */
  pdf: AssetView | null;
  /** The files attached to the lesson, in order. */
  resources: LessonFileView[];
  /** The section it is in (null: before the first heading; decision 0064). */
  sectionId: string | null;
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
  /** Headings over consecutive lessons, in order (empty: none). */
  sections: SectionView[];
  /** How many sections come before the lessons without a section (decision 0069). */
  unsectionedAt: number;
  outcomes: string[];
  requirements: string[];
  /** Instalments allowed (decision 0068): 0 off, else the most parts (2–4). */
  instalmentsMax: number;
  lessonsCount: number;
  duration: number;
  updatedAt: string;
}

/** Everything the course editor shows (`input`: the course's id), for its creator or an admin (others get a 404). */
export async function getCourseForEditor(services: Services, actor: Actor, input: unknown): Promise<EditorCourse> {
  const c = await loadManagedCourse(services, actor, input);
  const episodes = await services.database.db
    .selectFrom('episode')
    .selectAll()
    .where('courseId', '=', c.id)
    .orderBy('position')
    .execute();
  const assets = await loadAssetViews(services, {
    ids: [c.thumbnailId, c.trailerId, ...episodes.flatMap((e) => [e.videoId, e.thumbnailId, e.pdfId])],
  });
  const resources = await listLessonResources(services, { episodeIds: episodes.map((e) => e.id) });
  const sections = await listSections(services, { courseId: c.id });
  const captions = await captionRefs(services, { episodeIds: episodes.map((e) => e.id) });
  const quizIds = episodes.filter((e) => e.kind === 'quiz').map((e) => e.id);
  const quizzes = new Map(
    (quizIds.length
      ? await services.database.db.selectFrom('quiz').selectAll().where('episodeId', 'in', quizIds).execute()
      : []
    ).map((q) => [
      q.episodeId,
      {
        passMark: toNum(q.passMark),
        maxAttempts: q.maxAttempts === null ? null : toNum(q.maxAttempts),
        questions: readQuizQuestions(q.questions),
      },
    ]),
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
    outcomes: courseFactLines(c.outcomes),
    requirements: courseFactLines(c.requirements),
    instalmentsMax: toNum(c.instalmentsMax),
    lessonsCount: toNum(c.lessonsCount),
    duration: toNum(c.duration),
    updatedAt: toIso(c.updatedAt),
    sections,
    unsectionedAt: Math.min(toNum(c.unsectionedAt), sections.length),
    episodes: episodes.map((e) => ({
      id: e.id,
      order: toNum(e.position),
      kind: (LESSON_KINDS as readonly string[]).includes(e.kind) ? (e.kind as LessonKind) : 'video',
      title: e.title,
      body: e.body,
      html: e.bodyHtml,
      description: e.description,
      duration: toNum(e.duration),
      video: view(e.videoId),
      thumbnail: view(e.thumbnailId),
      captions: captions.filter((k) => k.episodeId === e.id).map(({ episodeId: _e, ...k }) => k),
      quiz: quizzes.get(e.id) ?? null,
      pdf: view(e.pdfId),
      resources: resources.get(e.id) ?? [],
      sectionId: e.sectionId,
    })),
  };
}
