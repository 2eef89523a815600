import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { conflict, rateLimited } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { newId } from '#server/lib/ids.ts';
import {
  ANNOUNCEMENT_TEXT,
  announcementSchema,
  announcementSms,
  smsParts,
} from '#common/announcements/announcementSchemas.ts';
import { nairobiMonthStart } from '../shared/nairobiTime.ts';
import { announcementFactsInTx } from './announcementFactsInTx.ts';
import { loadAnnouncedCourseInTx } from './loadAnnouncedCourseInTx.ts';
import { sendAnnouncementJob } from './sendAnnouncementJob.ts';

/**
 * A creator (or an admin) writes to the owners of a course: the announcement is stored and its sending job
 * queued in one transaction, or, past the month's limit (all announcements, or those by SMS), nothing is
 * stored and the answer is a 429 saying which limit. The course row is locked on PostgreSQL (SQLite runs
 * one transaction at a time) so two sends at once cannot both take the last one.
 */
export async function sendAnnouncement(
  services: Services,
  actor: Actor,
  { courseId, announcement }: { courseId: string; announcement: unknown },
): Promise<{ id: string; recipients: number; smsCount: number }> {
  const { db, dialect } = services.database;
  const { config } = services;
  // Someone else's course is a 404 before their input is even read.
  await loadAnnouncedCourseInTx(db, { actor, courseId, lock: false });
  const data = parseInput(announcementSchema, announcement);
  const now = services.clock.now();
  const monthStart = nairobiMonthStart(now);
  const nextMonth = nairobiMonthStart(now, 1);
  return db.transaction().execute(async (trx) => {
    const course = await loadAnnouncedCourseInTx(trx, { actor, courseId, lock: dialect === 'postgres' });
    const facts = await announcementFactsInTx(trx, { courseId: course.id, since: monthStart });
    const wait = (nextMonth.getTime() - now.getTime()) / 1000;
    if (facts.sent >= config.ANNOUNCEMENT_EMAIL_PER_MONTH) throw rateLimited(ANNOUNCEMENT_TEXT.emailLimit, wait);
    if (data.bySms && facts.sentBySms >= config.ANNOUNCEMENT_SMS_PER_MONTH)
      throw rateLimited(ANNOUNCEMENT_TEXT.smsLimit, wait);
    const recipients = Math.max(facts.emailRecipients, data.bySms ? facts.smsRecipients : 0);
    if (recipients === 0) throw conflict(ANNOUNCEMENT_TEXT.noOwners);
    const smsCount = data.bySms ? facts.smsRecipients * smsParts(announcementSms(course.title, data.body)) : 0;
    const id = newId();
    await trx
      .insertInto('announcement')
      .values({
        id,
        courseId: course.id,
        creatorId: actor!.userId,
        body: data.body,
        bySms: data.bySms,
        recipients,
        smsCount,
        createdAt: now,
      })
      .execute();
    await services.jobs.enqueue(trx, sendAnnouncementJob, { announcementId: id });
    return { id, recipients, smsCount };
  });
}
