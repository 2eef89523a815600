import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

// Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** 10 random base32 characters (50 bits): short enough to type, too many to guess. */
export function newCertificateCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += BASE32[b % 32];
  return out;
}

/**
 * Issues the learner's certificate for a course once every one of its episodes is completed; does nothing
 * otherwise or if one exists (one per learner and course). Names and date are frozen at issue.
 */
export async function issueCertificateIfComplete(db: Kysely<DB>, userId: string, courseId: string): Promise<void> {
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
      issuedAt: new Date(),
    })
    .onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing())
    .execute();
}
