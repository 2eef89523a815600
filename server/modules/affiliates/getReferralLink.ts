import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { AFFILIATE_TEXT, referralUrl } from '#common/affiliates/affiliateRules.ts';
import { canBeAffiliate } from '../access/policies.ts';
import { affiliateOfferInTx } from './affiliateOfferInTx.ts';
import { referralCodeInTx } from './referralCodeInTx.ts';

const request = z.object({ courseId: z.string() });

/**
 * "Get my link" on a course offering affiliate sales (decision 0067): the person's referral code (made on
 * first use) in the course's canonical address. Any signed-in customer or creator, except the course's own
 * creator; a course without affiliate sales is a 404.
 */
export async function getReferralLink(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ code: string; url: string; percent: number }> {
  if (!actor) throw unauthenticated();
  if (!canBeAffiliate(actor)) throw forbidden(AFFILIATE_TEXT.notForAdmins);
  const { courseId } = parseInput(request, input);
  const { db } = services.database;
  const offer = isId(courseId) ? await affiliateOfferInTx(db, { courseId }) : null;
  if (!offer) throw notFound(AFFILIATE_TEXT.notOffered);
  if (offer.creatorId === actor.userId) throw forbidden(AFFILIATE_TEXT.ownCourse);
  const code = await referralCodeInTx(db, { userId: actor.userId, now: services.clock.now() });
  return { code, url: referralUrl(services.config.publicUrl, courseId, code), percent: offer.percent };
}
