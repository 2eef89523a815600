import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { referralUrl } from '#common/affiliates/affiliateRules.ts';
import { canBeAffiliate } from '../access/policies.ts';
import { affiliateOfferInTx } from './affiliateOfferInTx.ts';
import { referralForPurchaseInTx } from './referralForPurchaseInTx.ts';

export interface CourseReferral {
  /** "Earn by sharing": the commission, and the person's link once they have a code. Null: not offered to them. */
  offer: { percent: number; url: string | null } | null;
  /** Who a purchase started now would credit (the purchase screen says so). */
  referredBy: string | null;
}

/** A signed-in person's affiliate side of a course page (decision 0067); a visitor has none. */
export async function getCourseReferral(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<CourseReferral> {
  if (!actor) return { offer: null, referredBy: null };
  const { db } = services.database;
  const [offer, referral, affiliate] = await Promise.all([
    affiliateOfferInTx(db, { courseId }),
    referralForPurchaseInTx(db, { userId: actor.userId, courseId, now: services.clock.now() }),
    db.selectFrom('affiliate').select('code').where('userId', '=', actor.userId).executeTakeFirst(),
  ]);
  const offered = !!offer && canBeAffiliate(actor) && offer.creatorId !== actor.userId;
  return {
    offer: offered
      ? {
          percent: offer.percent,
          url: affiliate ? referralUrl(services.config.publicUrl, courseId, affiliate.code) : null,
        }
      : null,
    referredBy: referral?.affiliateName ?? null,
  };
}
