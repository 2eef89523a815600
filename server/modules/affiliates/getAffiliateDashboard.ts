import { sql } from 'kysely';
import type { Actor } from '#server/core/actor.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { AFFILIATE_TEXT, referralUrl } from '#common/affiliates/affiliateRules.ts';
import { canBeAffiliate } from '../access/policies.ts';

export interface AffiliateCourseRow {
  courseId: string;
  title: string;
  /** The link to share (the course's address with the person's code). */
  url: string;
  clicks: number;
  /** Purchases through the link, less those refunded. */
  sales: number;
  /** Commission earned, KES, net of refunds (held or available alike). */
  earned: number;
}

export interface AffiliateDashboard {
  code: string | null;
  courses: AffiliateCourseRow[];
}

/**
 * The affiliate page (decision 0067): per course the person has a link for, its clicks, sales and commission,
 * read from the clicks, the purchases' referrals and the ledger lines those sales and refunds posted to them.
 */
export async function getAffiliateDashboard(services: Services, actor: Actor): Promise<AffiliateDashboard> {
  if (!actor) throw unauthenticated();
  if (!canBeAffiliate(actor)) throw forbidden(AFFILIATE_TEXT.notForAdmins);
  const { db } = services.database;
  const me = actor.userId;
  const affiliate = await db.selectFrom('affiliate').select('code').where('userId', '=', me).executeTakeFirst();
  if (!affiliate) return { code: null, courses: [] };
  const [clicks, money] = await Promise.all([
    db
      .selectFrom('affiliateClick')
      .select(['courseId', sql<number>`count(*)`.as('n')])
      .where('affiliateId', '=', me)
      .groupBy('courseId')
      .execute(),
    db
      .selectFrom('paymentReferral')
      .innerJoin('journalEntry', 'journalEntry.paymentId', 'paymentReferral.paymentId')
      .innerJoin('journalLine', 'journalLine.entryId', 'journalEntry.id')
      .select([
        'paymentReferral.courseId',
        'journalEntry.kind',
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum("journalLine"."amount"), 0)`.as('amount'),
      ])
      .where('paymentReferral.affiliateId', '=', me)
      .where('journalEntry.kind', 'in', ['sale', 'refund'])
      .where('journalLine.account', '=', 'creator_payable')
      .where('journalLine.creatorId', '=', me)
      .groupBy(['paymentReferral.courseId', 'journalEntry.kind'])
      .execute(),
  ]);
  const ids = [...new Set([...clicks.map((c) => c.courseId), ...money.map((m) => m.courseId)])];
  if (!ids.length) return { code: affiliate.code, courses: [] };
  const titles = await db.selectFrom('course').select(['id', 'title']).where('id', 'in', ids).execute();
  const courses = titles
    .map((c) => {
      const of = (kind: 'sale' | 'refund') => money.find((m) => m.courseId === c.id && m.kind === kind);
      return {
        courseId: c.id,
        title: c.title,
        url: referralUrl(services.config.publicUrl, c.id, affiliate.code),
        clicks: toNum(clicks.find((k) => k.courseId === c.id)?.n),
        sales: toNum(of('sale')?.n) - toNum(of('refund')?.n),
        // Credits are negative: the commission is the negated sum of the sale and refund lines.
        earned: -(toNum(of('sale')?.amount) + toNum(of('refund')?.amount)) || 0,
      };
    })
    .sort((a, b) => b.earned - a.earned || b.clicks - a.clicks || a.title.localeCompare(b.title));
  return { code: affiliate.code, courses };
}
