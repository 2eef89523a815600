import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { ATTRIBUTION_DAYS, REFERRAL_CODE } from '#common/affiliates/affiliateRules.ts';
import { newId } from '#server/lib/ids.ts';
import { toIso } from '#server/db/values.ts';
import { affiliateOfferInTx } from './affiliateOfferInTx.ts';

const visit = z.object({
  courseId: z.string(),
  code: z.string(),
  /** A referral remembered in the visitor's cookie, taken over by their account (no new click); else a visit now. */
  at: z.date().optional(),
});

/**
 * A course page opened through `?ref=<code>` (a click, now), or a visitor's cookie referral brought to the
 * account they signed in with (decision 0067). The account keeps its latest referral per course within 30
 * days; a visitor's is kept in their cookie by the page, from what this returns. An unknown code, a course not
 * offering affiliate sales or the affiliate's own visit records nothing and returns null, like a plain visit.
 */
export async function recordReferral(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ courseId: string; code: string; at: Date } | null> {
  const parsed = visit.safeParse(input);
  if (!parsed.success || !isId(parsed.data.courseId) || !REFERRAL_CODE.test(parsed.data.code)) return null;
  const { courseId, code } = parsed.data;
  const { db } = services.database;
  const now = services.clock.now();
  const at = parsed.data.at ?? now;
  if (at > now || at.getTime() <= now.getTime() - ATTRIBUTION_DAYS * 86_400_000) return null;
  const affiliate = await db.selectFrom('affiliate').select('userId').where('code', '=', code).executeTakeFirst();
  const offer = await affiliateOfferInTx(db, { courseId });
  if (!affiliate || !offer || affiliate.userId === actor?.userId || affiliate.userId === offer.creatorId) return null;
  await db.transaction().execute(async (trx) => {
    if (!parsed.data.at)
      await trx
        .insertInto('affiliateClick')
        .values({ id: newId(), affiliateId: affiliate.userId, courseId, createdAt: now })
        .execute();
    if (!actor) return;
    const held = await trx
      .selectFrom('referral')
      .select('referredAt')
      .where('userId', '=', actor.userId)
      .where('courseId', '=', courseId)
      .executeTakeFirst();
    // The latest referral wins: an older one (a cookie from before) never replaces a newer one.
    if (held && new Date(toIso(held.referredAt)) >= at) return;
    await trx
      .insertInto('referral')
      .values({ userId: actor.userId, courseId, affiliateId: affiliate.userId, referredAt: at })
      .onConflict((oc) =>
        oc.columns(['userId', 'courseId']).doUpdateSet({ affiliateId: affiliate.userId, referredAt: at }),
      )
      .execute();
  });
  return { courseId, code, at };
}
