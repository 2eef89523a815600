import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import type { AnnouncementOverview } from '#common/announcements/announcementSchemas.ts';
import { nairobiMonthStart } from '../shared/nairobiTime.ts';
import { announcementFactsInTx } from './announcementFactsInTx.ts';
import { loadAnnouncedCourseInTx } from './loadAnnouncedCourseInTx.ts';

/** What the studio's announcement form shows: who it will reach, what an SMS costs, what is left this month, the last ones. */
export async function getAnnouncementOverview(
  services: Services,
  actor: Actor,
  { courseId }: { courseId: string },
): Promise<AnnouncementOverview> {
  const { db } = services.database;
  const { config } = services;
  const course = await loadAnnouncedCourseInTx(db, { actor, courseId, lock: false });
  const facts = await announcementFactsInTx(db, {
    courseId: course.id,
    since: nairobiMonthStart(services.clock.now()),
  });
  const recent = await db
    .selectFrom('announcement')
    .select(['id', 'body', 'bySms', 'recipients', 'smsCount', 'createdAt'])
    .where('courseId', '=', course.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return {
    courseTitle: course.title,
    emailRecipients: facts.emailRecipients,
    smsRecipients: facts.smsRecipients,
    smsCostKes: config.SMS_COST_KES,
    emailLeft: Math.max(0, config.ANNOUNCEMENT_EMAIL_PER_MONTH - facts.sent),
    smsLeft: Math.max(
      0,
      Math.min(config.ANNOUNCEMENT_SMS_PER_MONTH - facts.sentBySms, config.ANNOUNCEMENT_EMAIL_PER_MONTH - facts.sent),
    ),
    recent: recent.map((r) => ({
      id: r.id,
      body: r.body,
      bySms: toBool(r.bySms),
      recipients: toNum(r.recipients),
      smsCount: toNum(r.smsCount),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}
