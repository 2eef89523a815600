// The creator's daily SMS of questions waiting for their answer, and the SMS that tells a phone-only asker
// their question was answered, through the real server, its job worker and the SMS simulator: off until the
// creator turns it on (and only with a phone proven by a code), at most one a day, only when new questions
// came, one SMS however many runs race, in the creator's language; nothing once turned off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueQuestionDigests } from '#server/modules/questions/queueQuestionDigests.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { outbox } from '#tests/support/smsOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let phoneLearner: Person;
let episodeId: string;
const CREATOR_PHONE = '+254711000333';
const LEARNER_PHONE = '+254711000444';
const HOUR = 3600_000;

beforeAll(async () => {
  // The periodic digest stays out of the way (its first run finds no one); the test runs it at chosen times.
  cast = await startCast(cleanups, { JOB_CONCURRENCY: '1', QUESTION_DIGEST_CHECK_S: '86400' });
  const { db } = cast.app.t;
  phoneLearner = await signedIn(cast.app, 'customer');
  const courseId = (await make.course(db, { creator: { id: cast.creator.id, name: 'Wanjiru' } })).id;
  episodeId = (await make.episode(db, { courseId, position: 1, duration: 300 })).id;
  for (const userId of [cast.customer.id, phoneLearner.id]) await make.enrollment(db, { userId, courseId });
  // A learner who signed up by phone: a proven number and no e-mail address.
  await db
    .updateTable('user')
    .set({ email: null, phone: LEARNER_PHONE, phoneVerified: true })
    .where('id', '=', phoneLearner.id)
    .execute();
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const services = () => cast.app.running.services;
const setDigest = (on: boolean) =>
  cast.creator.request('/api/studio/profile', {
    method: 'PUT',
    json: { bio: '', avatarId: null, questionDigestSms: on },
  });
const ask = async (who: Person, body: string) => {
  const r = await postJson(who, '/api/questions', { episodeId, body });
  expect(r.status).toBe(201);
  return (r.body as { id: string }).id;
};
const textsTo = async (phone: string) => (await outbox(cast.app.running)).filter((m) => m.to === phone);
const digestAt = async () =>
  (
    await cast.app.t.db
      .selectFrom('creatorProfile')
      .select('questionDigestAt')
      .where('userId', '=', cast.creator.id)
      .executeTakeFirstOrThrow()
  ).questionDigestAt;

describe('the question digest', () => {
  it('cannot be turned on without a proven phone, and says so', async () => {
    const res = await setDigest(true);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Confirm your phone number on your account page first/);
    const row = await cast.app.t.db
      .selectFrom('creatorProfile')
      .select('questionDigestSms')
      .where('userId', '=', cast.creator.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.questionDigestSms)).toBe(false);
  });

  it('sends nothing to a creator who did not ask for it', async () => {
    await cast.app.t.db
      .updateTable('user')
      .set({ phone: CREATOR_PHONE, phoneVerified: true, locale: 'sw' })
      .where('id', '=', cast.creator.id)
      .execute();
    await ask(cast.customer, 'Before the digest was on');
    expect(await queueQuestionDigests(servicesAt(services(), new Date()))).toBe(0);
    expect(await digestAt()).toBeNull();
  });

  it('sends one SMS in the creator’s language when questions wait, however many runs race, then none for a day', async () => {
    expect((await setDigest(true)).status).toBe(200);
    await ask(phoneLearner, 'Second question');
    const t0 = new Date();
    const runs = await Promise.all([1, 2, 3, 4].map(() => queueQuestionDigests(servicesAt(services(), t0))));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await vi.waitFor(async () => expect(await textsTo(CREATOR_PHONE)).toHaveLength(1), { timeout: 20_000 });
    const [sms] = await textsTo(CREATOR_PHONE);
    expect(sms!.message).toMatch(/^Darasa: maswali 2 mapya kwenye kozi zako\. Maswali 2 yanasubiri jibu lako: http/);
    expect(sms!.message).toContain('/creator');

    await ask(cast.customer, 'A third, within the day');
    expect(await queueQuestionDigests(servicesAt(services(), new Date(t0.getTime() + 23 * HOUR)))).toBe(0);
  });

  it('counts only questions asked since the last one, and skips a day without new questions', async () => {
    const last = new Date(String(await digestAt()));
    const nextDay = new Date(last.getTime() + 25 * HOUR);
    // The third question came after the last digest: one new, three waiting (none answered yet).
    expect(await queueQuestionDigests(servicesAt(services(), nextDay))).toBe(1);
    await vi.waitFor(async () => expect(await textsTo(CREATOR_PHONE)).toHaveLength(2), { timeout: 20_000 });
    expect((await textsTo(CREATOR_PHONE))[0]!.message).toMatch(/swali 1 jipya .* Maswali 3 yanasubiri/);
    // A day later nothing new was asked: no SMS, and the clock of the last one is kept.
    expect(await queueQuestionDigests(servicesAt(services(), new Date(nextDay.getTime() + 25 * HOUR)))).toBe(0);
    expect(new Date(String(await digestAt())).getTime()).toBe(nextDay.getTime());
  });

  it('stops when turned off', async () => {
    expect((await setDigest(false)).status).toBe(200);
    await ask(cast.customer, 'After it was turned off');
    expect(await queueQuestionDigests(servicesAt(services(), new Date(Date.now() + 30 * 24 * HOUR)))).toBe(0);
  });
});

describe('a phone-only asker', () => {
  it('is told by SMS that their question was answered', async () => {
    const id = await ask(phoneLearner, 'Do I need a stand mixer?');
    expect(
      (await postJson(cast.creator, `/api/questions/${id}/answers`, { body: 'No, hands are enough.' })).status,
    ).toBe(201);
    await vi.waitFor(
      async () => {
        const texts = (await textsTo(LEARNER_PHONE)).filter((m) => /answered your question/.test(m.message));
        expect(texts).toHaveLength(1);
        expect(texts[0]!.message).toMatch(/\(episode 1\)\. See it: http.*\/learn\/.+\/1#questions$/);
      },
      { timeout: 20_000 },
    );
  });
});
