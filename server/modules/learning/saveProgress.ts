import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Actor } from '#server/core/actor.ts';
import { findEpisodeForActor } from './findEpisodeForActor.ts';
import { storeProgressInTx } from './storeProgressInTx.ts';
import { progressReportSchema } from '#common/learning/schemas.ts';
import { isPlayedLesson } from '#common/studio/episodeSchema.ts';
import { issueCertificateIfComplete } from '../certificates/issueCertificateIfComplete.ts';

/** An episode counts as completed once 90 % of it was reached. */
const COMPLETED_AT = 0.9;
/** Players report positions a little past the measured end (rounding, the last frame). */
const END_SLACK_S = 5;

/**
 * Stores where a learner is in an episode (a text lesson: that it was read; a quiz: that it was opened) they may watch. Refuses (4xx, nothing stored) reports from
 * visitors, for episodes they may not watch, or with positions the episode cannot have. A report carries
 * the time it was recorded (late when made offline): the most recently recorded position is kept and a
 * completion is never undone (mergeProgress.ts).
 */
export async function saveProgress(services: Services, actor: Actor, input: unknown): Promise<{ completed: boolean }> {
  const { db, dialect } = services.database;
  if (!actor) throw unauthenticated();
  const { episodeId, position, recordedAt } = parseInput(progressReportSchema, input, 'Invalid progress report.');
  const now = services.clock.now().getTime();
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found?.canWatch) throw notFound('Episode not found.');
  const { duration, kind } = found.episode;
  // A text lesson has no position: any report says it was read to the end (or marked complete). A quiz is
  // completed only by passing it (submitQuizAttempt); a report only says it was opened.
  // An audio lesson has a position like a video (decision 0069).
  const video = isPlayedLesson(kind);
  // A PDF lesson, like text: opened, downloaded or marked complete (decision 0060).
  const completed = kind === 'text' || kind === 'pdf' || (video && position >= duration * COMPLETED_AT);
  if (video && (!duration || position > duration + END_SLACK_S))
    throw invalidInput('That position is past the end of the episode.');
  const incoming = { position: video ? position : 0, completed, recordedAt: recordedAt ?? now };
  const result = await db.transaction().execute((trx) =>
    storeProgressInTx(trx, {
      userId: actor.userId,
      courseId: found.episode.courseId,
      episodeId,
      incoming,
      now,
      dialect,
    }),
  );
  // Completing the last episode earns the certificate (a no-op until then, or once issued).
  if (result.completed) await issueCertificateIfComplete(services, actor, { courseId: found.episode.courseId });
  return result;
}
