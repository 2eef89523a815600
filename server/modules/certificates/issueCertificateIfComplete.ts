import { randomBytes } from 'node:crypto';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { earnsCertificates } from '../access/policies.ts';

// Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** 10 random base32 characters (50 bits): short enough to type, too many to guess. */
function newCertificateCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += BASE32[b % 32];
  return out;
}

/**
 * Issues the learner's certificate for a course once every one of its episodes is completed and every quiz
 * lesson of it passed (decision 0057); does nothing
 * otherwise, for someone who earns no certificates, or if one exists (one per learner and course). Names
 * and date are frozen at issue.
 */
export async function issueCertificateIfComplete(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<void> {
  if (!actor || !earnsCertificates(actor)) return;
  const { userId } = actor;
  const { db } = services.database;
  // Most calls come after a certificate was issued (every later completion or pass): one indexed read.
  const issued = await db
    .selectFrom('certificate')
    .select('code')
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  if (issued) return;
  const counts = await db
    .selectFrom('episode')
    .leftJoin('progress', (j) =>
      j
        .onRef('progress.episodeId', '=', 'episode.id')
        .on('progress.userId', '=', userId)
        .on('progress.completed', '=', true),
    )
    .select((eb) => [
      eb.fn.count<number>('episode.id').as('episodes'),
      eb.fn.count<number>('progress.episodeId').as('done'),
    ])
    .where('episode.courseId', '=', courseId)
    .executeTakeFirstOrThrow();
  const episodes = toNum(counts.episodes);
  if (!episodes || toNum(counts.done) < episodes) return;
  // Every quiz passed, too: a lesson completed before it became a quiz does not count as its pass.
  const unpassed = await db
    .selectFrom('episode')
    .select('episode.id')
    .where('episode.courseId', '=', courseId)
    .where('episode.kind', '=', 'quiz')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('quizAttempt')
            .select('quizAttempt.id')
            .whereRef('quizAttempt.episodeId', '=', 'episode.id')
            .where('quizAttempt.userId', '=', userId)
            .where('quizAttempt.passed', '=', true),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  if (unpassed) return;
  const names = await db
    .selectFrom('course')
    .innerJoin('user', (j) => j.on('user.id', '=', userId))
    .select(['course.title', 'course.creatorName', 'user.name'])
    .where('course.id', '=', courseId)
    .executeTakeFirst();
  if (!names) return;
  await db
    .insertInto('certificate')
    .values({
      code: newCertificateCode(),
      userId,
      courseId,
      learnerName: names.name,
      courseTitle: names.title,
      creatorName: names.creatorName,
      issuedAt: services.clock.now(),
    })
    .onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing())
    .execute();
}
