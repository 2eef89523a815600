import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import type { PaidShare } from '../access/policies.ts';
import { courseShare } from './courseShare.ts';

/**
 * What access to one lesson needs to know of the actor: whether they own its course and, when they pay it in
 * instalments, the share of it their paid parts cover with the lesson's place in course order (policies'
 * `isInPaidShare`). Every check of a lesson (page, media, files, quiz, downloads) reads it here.
 */
export async function lessonShare(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { courseId, position }: { courseId: string; position: number },
): Promise<{ enrolled: boolean; share: PaidShare | null }> {
  const { enrolled, plan } = await courseShare(services, actor, { courseId });
  if (!plan) return { enrolled, share: null };
  const counts = await services.database.db
    .selectFrom('episode')
    .select((eb) => [
      eb.fn.countAll<number>().as('lessons'),
      eb.fn.sum<number>(eb.case().when('position', '<=', position).then(1).else(0).end()).as('rank'),
    ])
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  return {
    enrolled,
    share: { paid: plan.paid, parts: plan.parts, rank: toNum(counts?.rank), lessons: toNum(counts?.lessons) },
  };
}
