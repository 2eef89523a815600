// Announcements (issue 27, decision 0062) through the real server, its job worker, the e-mail outbox and the
// SMS simulator: a creator writes to the owners of a course (e-mail in each owner's language, SMS to proven
// phones when chosen), owners who opted out get nothing, a job run twice writes to no one twice, limits and
// bad input are refused with nothing stored, only the creator or an admin sends, only an owner opts out;
// new lessons are told once per course and day, counted from publishing, once however many runs race.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendAnnouncementJob } from '#server/modules/announcements/sendAnnouncementJob.ts';
import { queueLessonNotices } from '#server/modules/announcements/queueLessonNotices.ts';
import { sendLessonNoticeJob } from '#server/modules/announcements/sendLessonNoticeJob.ts';
import { make } from '#tests/support/factories/index.ts';
import { getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { outboxEmails } from '#tests/support/emailOutbox.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { outbox } from '#tests/support/smsOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let swahili: Person;
let optedOut: Person;
let phoneOnly: Person;
let stranger: Person;
let otherCreator: Person;
let courseId: string;
const PHONE_ONLY = '+254711000551';
const SW_PHONE = '+254711000552';
const HOUR = 3600_000;

beforeAll(async () => {
  cast = await startCast(cleanups, {
    JOB_CONCURRENCY: '1',
    LESSON_NOTICE_CHECK_S: '86400',
    ANNOUNCEMENT_EMAIL_PER_MONTH: '4',
    ANNOUNCEMENT_SMS_PER_MONTH: '2',
  });
  const { db } = cast.app.t;
  [swahili, optedOut, phoneOnly, stranger, otherCreator] = await Promise.all([
    signedIn(cast.app, 'customer'),
    signedIn(cast.app, 'customer'),
    signedIn(cast.app, 'customer'),
    signedIn(cast.app, 'customer'),
    signedIn(cast.app, 'creator'),
  ]);
  courseId = (await make.course(db, { creator: { id: cast.creator.id, name: 'Wanjiru' }, title: 'Mandazi' })).id;
  for (const p of [cast.customer, swahili, optedOut, phoneOnly]) await make.enrollment(db, { userId: p.id, courseId });
  await db
    .updateTable('user')
    .set({ locale: 'sw', phone: SW_PHONE, phoneVerified: true })
    .where('id', '=', swahili.id)
    .execute();
  await db
    .updateTable('user')
    .set({ email: null, phone: PHONE_ONLY, phoneVerified: true })
    .where('id', '=', phoneOnly.id)
    .execute();
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const base = () => `/api/studio/courses/${courseId}/announcements`;
const announce = (who: Person | Cast['visitor'], json: unknown) => postJson(who, base(), json);
/** The e-mails to `email` about `course` (not the sign-up code every test person got). */
const mailsTo = (email: string, course = 'Mandazi') =>
  outboxEmails(cast.app).filter((m) => m.includes(`To: ${email}`) && m.includes(`"${course}"`));
/**
 * A message's subject: quotes make nodemailer write it as MIME encoded words (which the outbox reader's
 * undoing of soft line breaks runs together with the next header), so their contents are decoded and joined.
 */
const subjectOf = (message: string) => {
  const line = /^Subject: (.*(?:\n .*)*)/m.exec(message)?.[1] ?? '';
  const words = [...line.matchAll(/=\?UTF-8\?Q\?([^?]*)\?/g)].map((m) => m[1]!);
  if (!words.length) return line;
  const bytes = words
    .join('')
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/g, (_m: string, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
};
/** A job's context for running its handler once more, as a retry would. */
const rerun = () => ({
  services: cast.app.running.services,
  jobId: 'rerun',
  attempt: 2,
  signal: new AbortController().signal,
  progress: () => undefined,
});
const textsTo = async (phone: string) => (await outbox(cast.app.running)).filter((m) => m.to === phone);
const stored = async () =>
  (await cast.app.t.db.selectFrom('announcement').select('id').where('courseId', '=', courseId).execute()).length;
const setOff = (who: Person | Cast['visitor'], off: unknown) =>
  who.request(`/api/learning/courses/${courseId}/announcements`, { method: 'PUT', json: { off } });

describe('opting out', () => {
  it('is for the owner of the enrollment only', async () => {
    expect((await setOff(cast.visitor, true)).status).toBe(401);
    // Not an owner (the creator, an admin, a stranger): 404, and the owner's choice is untouched.
    for (const who of [cast.creator, cast.admin, stranger]) expect((await setOff(who, true)).status).toBe(404);
    expect((await setOff(optedOut, 'yes')).status).toBe(400);
    const res = await setOff(optedOut, true);
    expect(res.status).toBe(200);
    expect((await getJson(optedOut, `/api/learning/courses/${courseId}/announcements`)).body).toEqual({ off: true });
    expect((await getJson(cast.customer, `/api/learning/courses/${courseId}/announcements`)).body).toEqual({
      off: false,
    });
  });
});

describe('an announcement', () => {
  it('is sent only by the course’s creator or an admin; others get 401 or 404 and nothing is stored', async () => {
    expect((await announce(cast.visitor, { body: 'Hi' })).status).toBe(401);
    for (const who of [cast.customer, otherCreator, stranger]) {
      expect((await announce(who, { body: 'Hi' })).status).toBe(404);
      expect((await getJson(who, base())).status).toBe(404);
    }
    expect(await stored()).toBe(0);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const long = await announce(cast.creator, { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('An announcement is at most 1,000 characters');
    const empty = await announce(cast.creator, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Write your announcement first');
    expect((await announce(cast.creator, { body: 'Hi', bySms: 'yes' })).status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('shows who it reaches and what SMS cost before sending', async () => {
    const { status, body } = await getJson(cast.creator, base());
    expect(status).toBe(200);
    // E-mail: the customer and the Kiswahili speaker (the opted-out owner and the phone-only one have none).
    expect(body).toMatchObject({ emailRecipients: 2, smsRecipients: 2, smsCostKes: 0.8, emailLeft: 4, smsLeft: 2 });
  });

  it('reaches each owner who did not opt out once, in their language, even when its job runs twice', async () => {
    const text = 'Live class on Saturday at 10. Bring flour!';
    const res = await announce(cast.creator, { body: text, bySms: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recipients: 2, smsCount: 2, message: 'Announcement sent' });
    await vi.waitFor(
      async () => {
        expect(mailsTo(cast.customer.email)).toHaveLength(1);
        expect(mailsTo(swahili.email)).toHaveLength(1);
        expect(await textsTo(PHONE_ONLY)).toHaveLength(1);
        expect(await textsTo(SW_PHONE)).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
    const [en] = mailsTo(cast.customer.email);
    expect(subjectOf(en!)).toBe('Wanjiru wrote to the learners of "Mandazi"');
    expect(en).toContain(text);
    const [sw] = mailsTo(swahili.email);
    expect(subjectOf(sw!)).toBe('Wanjiru amewaandikia wanafunzi wa "Mandazi"');
    expect(sw).toContain('anayefundisha');
    expect(sw).toContain(text);
    expect((await textsTo(PHONE_ONLY))[0]!.message).toBe(`Darasa, Mandazi: ${text}`);
    expect(mailsTo(optedOut.email)).toHaveLength(0);
    expect(mailsTo(stranger.email)).toHaveLength(0);

    // The job again (a retry after a lost lease, say): nobody gets a second one.
    await sendAnnouncementJob.handler({ announcementId: res.body.id }, rerun());
    expect(mailsTo(cast.customer.email)).toHaveLength(1);
    expect(mailsTo(swahili.email)).toHaveLength(1);
    expect(await textsTo(PHONE_ONLY)).toHaveLength(1);
    expect(await textsTo(SW_PHONE)).toHaveLength(1);
  });

  it('is sent by an admin too, by e-mail only when SMS is not chosen', async () => {
    const res = await announce(cast.admin, { body: 'Course updated.' });
    expect(res.status).toBe(201);
    expect(res.body.smsCount).toBe(0);
    await vi.waitFor(() => expect(mailsTo(cast.customer.email)).toHaveLength(2), { timeout: 20_000 });
    expect(await textsTo(PHONE_ONLY)).toHaveLength(1);
  });

  it('is refused past the month’s SMS limit and then past the month’s limit, with 429 and nothing stored', async () => {
    expect((await announce(cast.creator, { body: 'Second SMS', bySms: true })).status).toBe(201);
    expect(await stored()).toBe(3);
    const overSms = await announce(cast.creator, { body: 'Third SMS', bySms: true });
    expect(overSms.status).toBe(429);
    expect(overSms.body.error.message).toBe(
      'This course has sent all its SMS announcements for this month. Send it by e-mail only, or wait for next month.',
    );
    expect(await stored()).toBe(3);
    expect((await announce(cast.creator, { body: 'By e-mail' })).status).toBe(201);
    const overAll = await announce(cast.creator, { body: 'By e-mail again' });
    expect(overAll.status).toBe(429);
    expect(overAll.body.error.message).toMatch(/^This course has sent all its announcements for this month/);
    expect(await stored()).toBe(4);
    expect((await getJson(cast.creator, base())).body).toMatchObject({ emailLeft: 0, smsLeft: 0 });
  });
});

describe('new lessons', () => {
  let newCourse: string;
  let published: Date;
  const chapatiTexts = async () => (await textsTo(PHONE_ONLY)).filter((m) => m.message.includes('Chapati'));
  const runs = (at: Date) =>
    Promise.all([1, 2, 3, 4].map(() => queueLessonNotices(servicesAt(cast.app.running.services, at))));

  it('are told once per course, counting only lessons added after publishing, however many runs race', async () => {
    const { db } = cast.app.t;
    published = new Date(Date.now() - 10 * HOUR);
    newCourse = (
      await make.course(db, {
        creator: { id: cast.creator.id, name: 'Wanjiru' },
        title: 'Chapati',
        publishedAt: published,
      })
    ).id;
    // Two lessons of the draft, then three added after publishing.
    for (const [position, hoursAgo] of [
      [1, 20],
      [2, 12],
      [3, 8],
      [4, 6],
      [5, 2],
    ] as const)
      await make.episode(db, { courseId: newCourse, position, createdAt: new Date(Date.now() - hoursAgo * HOUR) });
    for (const p of [cast.customer, optedOut, phoneOnly])
      await make.enrollment(db, { userId: p.id, courseId: newCourse });
    await db
      .updateTable('enrollment')
      .set({ announcementsOff: true })
      .where('userId', '=', optedOut.id)
      .where('courseId', '=', newCourse)
      .execute();
    const queued = await runs(new Date());
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const told = () => mailsTo(cast.customer.email, 'Chapati');
    await vi.waitFor(
      async () => {
        expect(told()).toHaveLength(1);
        expect(await chapatiTexts()).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
    expect(subjectOf(told()[0]!)).toBe('3 new lessons in "Chapati"');
    expect((await chapatiTexts())[0]!.message).toMatch(/^Darasa: 3 new lessons in "Chapati"\. Watch: http/);
    expect(mailsTo(optedOut.email, 'Chapati')).toHaveLength(0);
    // A job run twice tells no one twice.
    const job = await db
      .selectFrom('job')
      .select('payload')
      .where('type', '=', 'announcements.lessonNotice')
      .executeTakeFirstOrThrow();
    const payload = typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload;
    await sendLessonNoticeJob.handler(payload, rerun());
    expect(told()).toHaveLength(1);
    expect(await chapatiTexts()).toHaveLength(1);
  });

  it('wait a day, and then tell only of lessons added since', async () => {
    const { db } = cast.app.t;
    await make.episode(db, { courseId: newCourse, position: 6, createdAt: new Date(Date.now() + HOUR) });
    // Within the day: nothing.
    expect((await runs(new Date(Date.now() + 2 * HOUR))).reduce((a, b) => a + b, 0)).toBe(0);
    // A day later: one notice, of the one lesson added since.
    expect((await runs(new Date(Date.now() + 25 * HOUR))).reduce((a, b) => a + b, 0)).toBe(1);
    const told = () => mailsTo(cast.customer.email, 'Chapati');
    await vi.waitFor(() => expect(told()).toHaveLength(2), { timeout: 20_000 });
    expect(subjectOf(told()[1]!)).toBe('1 new lesson in "Chapati"');
    // Another day without new lessons: nothing.
    expect((await runs(new Date(Date.now() + 50 * HOUR))).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
