import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';

/** How many visible reviews of a course gave each number of stars, 5 down to 1 (public, like the reviews). */
export async function ratingDistribution(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<{ stars: number; count: number }[]> {
  const rows = await services.database.db
    .selectFrom('review')
    .select((eb) => ['rating', eb.fn.countAll<number>().as('n')])
    .where('courseId', '=', courseId)
    .where('hidden', '=', false)
    .groupBy('rating')
    .execute();
  const byStars = new Map(rows.map((r) => [toNum(r.rating), toNum(r.n)]));
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 }));
}
