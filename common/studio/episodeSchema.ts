import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { assetRef } from './courseSchema.ts';
import { LIMITS, STUDIO_MESSAGES } from './messages.ts';
import { QUIZ_MESSAGES, quizInput } from './quizSchema.ts';
import { LESSON_FILE_MESSAGES } from './lessonFiles.ts';

/**
 * What a lesson is (issue 26): its kind decides what the learning page shows in place of the player; the
 * column (migration 0038) takes any of them. A quiz lesson's questions are in the `quiz` table (migration
 * 0040, decision 0057); a PDF lesson's file is `pdfId` (migration 0042, decision 0060); an audio lesson's
 * recording is its `videoId`, the lesson's media, played with the Listen only ladder (decision 0069).
 */
export const LESSON_KINDS = ['video', 'text', 'quiz', 'pdf', 'audio'] as const;

/** Lessons played from `videoId`'s HLS (a video, or an audio lesson's recording): progress has a position. */
export const isPlayedLesson = (kind: string): boolean => kind === 'video' || kind === 'audio';
export type LessonKind = (typeof LESSON_KINDS)[number];

const missing = STUDIO_MESSAGES.episodeRequired;
const missingText = STUDIO_MESSAGES.textLessonRequired;
const missingAudio = STUDIO_MESSAGES.audioLessonRequired;

/** A text lesson's Markdown, as the form sends it (and its preview). */
const lessonBody = z
  .string({ error: missingText })
  .max(LIMITS.lessonBody, `The text must be at most ${LIMITS.lessonBody.toLocaleString('en-US')} characters`);

/** Previewing a text lesson's Markdown before it is saved. */
export const lessonPreviewInput = z.object({ body: lessonBody });

/**
 * Adding or editing a lesson: a title always; a video lesson needs its video (docs/product.md's episode
 * message), a text lesson its Markdown (and has no video), a quiz lesson its `quiz` (questions, pass mark,
 * attempts; neither video nor text).
 */
export const episodeInput = z
  .object({
    kind: z.enum(LESSON_KINDS, { error: 'Unknown lesson type' }).default('video'),
    title: z
      .string({ error: missing })
      .trim()
      .min(1, missing)
      .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(
        LIMITS.episodeDescription,
        `Description must be at most ${LIMITS.episodeDescription.toLocaleString('en-US')} characters`,
      )
      .default(''),
    videoId: z.string({ error: missing }).regex(ID_PATTERN, missing).nullable().default(null),
    body: lessonBody.default(''),
    thumbnailId: assetRef.default(null),
    quiz: quizInput.nullable().default(null),
    pdfId: z
      .string({ error: LESSON_FILE_MESSAGES.pdfLessonRequired })
      .regex(ID_PATTERN, LESSON_FILE_MESSAGES.pdfLessonRequired)
      .nullable()
      .default(null),
  })
  .transform((data, ctx) => {
    if (data.kind === 'video' && !data.videoId) ctx.addIssue({ code: 'custom', path: ['videoId'], message: missing });
    if (data.kind === 'audio' && !data.videoId)
      ctx.addIssue({ code: 'custom', path: ['videoId'], message: missingAudio });
    if (data.kind === 'text' && !data.body.trim())
      ctx.addIssue({ code: 'custom', path: ['body'], message: missingText });
    if (data.kind === 'quiz' && !data.quiz)
      ctx.addIssue({ code: 'custom', path: ['quiz'], message: QUIZ_MESSAGES.quizRequired });
    if (data.kind === 'pdf' && !data.pdfId)
      ctx.addIssue({ code: 'custom', path: ['pdfId'], message: LESSON_FILE_MESSAGES.pdfLessonRequired });
    // Each kind keeps only its own content, so a lesson switched to text drops its video and back.
    return {
      ...data,
      videoId: isPlayedLesson(data.kind) ? data.videoId : null,
      body: data.kind === 'text' ? data.body : '',
      quiz: data.kind === 'quiz' ? data.quiz : null,
      pdfId: data.kind === 'pdf' ? data.pdfId : null,
    };
  });

export type EpisodeInput = z.infer<typeof episodeInput>;

export const reorderInput = z.object({
  episodeIds: z
    .array(z.string().regex(ID_PATTERN, 'Unknown episode'), { error: 'Send the episodes in their new order' })
    .min(1, 'Send the episodes in their new order')
    .max(LIMITS.maxEpisodes),
});
