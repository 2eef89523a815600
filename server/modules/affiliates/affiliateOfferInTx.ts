import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toBool, toNum } from '#server/db/values.ts';

/** A published course's affiliate offer (decision 0067): its creator and commission percent, or null when off. */
export async function affiliateOfferInTx(
  trx: Kysely<DB>,
  { courseId }: { courseId: string },
): Promise<{ creatorId: string; percent: number } | null> {
  const row = await trx
    .selectFrom('courseAffiliate')
    .innerJoin('course', 'course.id', 'courseAffiliate.courseId')
    .select(['course.creatorId', 'course.published', 'courseAffiliate.enabled', 'courseAffiliate.percent'])
    .where('courseAffiliate.courseId', '=', courseId)
    .executeTakeFirst();
  if (!row || !toBool(row.enabled) || !toBool(row.published)) return null;
  return { creatorId: row.creatorId, percent: toNum(row.percent) };
}
