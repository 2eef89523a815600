import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

/**
 * What limits and prices an announcement: the owners of a course who take them (not opted out, account
 * active) with an e-mail address and with a proven phone, and how many announcements (and how many by SMS)
 * the course sent since `since` (the start of the month).
 */
export async function announcementFactsInTx(trx: Kysely<DB>, { courseId, since }: { courseId: string; since: Date }) {
  const owners = await trx
    .selectFrom('enrollment')
    .innerJoin('user', 'user.id', 'enrollment.userId')
    .select((eb) => [
      eb.fn.count<number>('user.email').as('withEmail'),
      eb.fn.count<number>(eb.case().when('user.phoneVerified', '=', true).then(1).end()).as('withPhone'),
    ])
    .where('enrollment.courseId', '=', courseId)
    .where('enrollment.announcementsOff', '=', false)
    .where('user.status', '=', 'active')
    .executeTakeFirstOrThrow();
  const sent = await trx
    .selectFrom('announcement')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.count<number>(eb.case().when('bySms', '=', true).then(1).end()).as('bySms'),
    ])
    .where('courseId', '=', courseId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    emailRecipients: toNum(owners.withEmail),
    smsRecipients: toNum(owners.withPhone),
    sent: toNum(sent.all),
    sentBySms: toNum(sent.bySms),
  };
}
