// Affiliates as the pages show them (server only, decision 0067): the course page's referral (the `?ref=`
// visit, the visitor's cookie, "Get my link") and the affiliate page.
import type { RouterContextProvider } from 'react-router';
import { ATTRIBUTION_DAYS } from '#common/affiliates/affiliateRules.ts';
import { readReferralCookie, REFERRAL_COOKIE, writeReferralCookie } from '#common/affiliates/referralCookie.ts';
import { getCourseReferral } from '#server/modules/affiliates/getCourseReferral.ts';
import { recordReferral } from '#server/modules/affiliates/recordReferral.ts';
import { serverContext } from './context.server.ts';

export { getReferralLink } from '#server/modules/affiliates/getReferralLink.ts';
export { getAffiliateDashboard } from '#server/modules/affiliates/getAffiliateDashboard.ts';
export type { AffiliateDashboard } from '#server/modules/affiliates/getAffiliateDashboard.ts';
export type { CourseReferral } from '#server/modules/affiliates/getCourseReferral.ts';

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The course page's referral: a visit through `?ref=<code>` is recorded (a click; the account's referral when
 * signed in) and kept in the visitor's cookie for 30 days; a signed-in person's cookie referral to this course
 * is taken over by their account. Returns what the page shows and the Set-Cookie to send (which also keeps
 * the answer out of the shared page cache).
 */
export async function courseReferral(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  courseId: string,
) {
  const { services, actor } = serverContext(context);
  const now = services.clock.now();
  const code = new URL(request.url).searchParams.get('ref');
  const held = readReferralCookie(cookieValue(request, REFERRAL_COOKIE), now);
  const headers = new Headers();
  if (code) {
    const visit = await recordReferral(services, actor, { courseId, code });
    if (visit) {
      const https = services.config.publicUrl.startsWith('https://');
      headers.append(
        'set-cookie',
        `${REFERRAL_COOKIE}=${writeReferralCookie(held, visit)}; Path=/; Max-Age=${ATTRIBUTION_DAYS * 86_400}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
      );
    }
  } else if (actor) {
    const remembered = held.find((r) => r.courseId === courseId);
    if (remembered) await recordReferral(services, actor, remembered);
  }
  return { view: await getCourseReferral(services, actor, { courseId }), headers };
}

export { getEarnings, type Earnings } from '#server/modules/payouts/getEarnings.ts';
export { setPayoutNumber } from '#server/modules/payouts/setPayoutNumber.ts';
export { withdraw } from '#server/modules/payouts/withdraw.ts';
