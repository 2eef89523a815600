// Questions and answers under each lesson, through the real server: asked, answered, upvoted and reported by
// the people with the whole course (enrolled learners, its creator, admins), refused (4xx, nothing stored)
// for everyone else and for bad input; the creator's answer first; the creator and the asker told by e-mail
// (the job worker runs); reported items in the admin queue, hidden and restored with an audit entry; visitors
// see only how many questions each lesson has. Authors edit ("Edited") and delete their own words, no one
// else; a deleted question takes its answers, votes and reports along. Ten questions an hour per person.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countCourseQuestions } from '#server/modules/questions/countCourseQuestions.ts';
import { countUnansweredQuestions } from '#server/modules/questions/countUnansweredQuestions.ts';
import { listEpisodeQuestions, type QuestionView } from '#server/modules/questions/listEpisodeQuestions.ts';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from '#common/questions/questionLimits.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { outboxEmails } from '#tests/support/emailOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let classmate: Person;
let outsider: Person;
let otherCreator: Person;
let courseId: string;
const ep: Record<number, string> = {};

beforeAll(async () => {
  cast = await startCast(cleanups, { JOB_CONCURRENCY: '1' });
  const { db } = cast.app.t;
  classmate = await signedIn(cast.app, 'customer');
  outsider = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  courseId = (await make.course(db, { creator: { id: cast.creator.id, name: 'Wanjiru' } })).id;
  for (const n of [1, 2]) ep[n] = (await make.episode(db, { courseId, position: n, duration: 300 })).id;
  for (const userId of [cast.customer.id, classmate.id]) await make.enrollment(db, { userId, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const services = () => cast.app.running.services;
const ask = (who: Person | Cast['visitor'], body: string, episode = 2, atSeconds?: number | null) =>
  postJson(who as Person, '/api/questions', { episodeId: ep[episode], body, atSeconds });
const answer = (who: Person | Cast['visitor'], questionId: string, body: string) =>
  postJson(who as Person, `/api/questions/${questionId}/answers`, { body });
const listFor = async (who: Person, episode = 2): Promise<QuestionView[]> => {
  const res = await who.request(`/api/questions?episodeId=${ep[episode]}`);
  expect(res.status).toBe(200);
  return (await res.json()) as QuestionView[];
};
const rows = async () => ({
  questions: (await cast.app.t.db.selectFrom('question').select('id').execute()).length,
  answers: (await cast.app.t.db.selectFrom('answer').select('id').execute()).length,
});

describe('questions', () => {
  it('lets an enrolled learner ask at a moment; the creator answers; the creator’s answer comes first; both are told', async () => {
    const asked = await ask(cast.customer, '  Why rest the dough?  ', 2, 192);
    expect(asked.status).toBe(201);
    const { id } = asked.body as { id: string };
    expect((await answer(classmate, id, 'So it relaxes.')).status).toBe(201);
    expect((await answer(cast.creator, id, 'The gluten relaxes: it rolls thin without tearing.')).status).toBe(201);

    const [q] = await listFor(classmate);
    expect(q).toMatchObject({ body: 'Why rest the dough?', atSeconds: 192, votes: 0, mine: false });
    expect(q!.answers.map((a) => [a.body, a.isCreator, a.mine])).toEqual([
      ['The gluten relaxes: it rolls thin without tearing.', true, false],
      ['So it relaxes.', false, true],
    ]);

    // The creator hears of the question, the asker of each answer (the job worker sends them).
    await vi.waitFor(
      () => {
        const mail = outboxEmails(cast.app);
        expect(
          mail.filter((m) => m.includes(`To: ${cast.creator.email}`) && m.includes('Why rest the dough?')),
        ).toHaveLength(1);
        expect(
          mail.filter((m) => m.includes(`To: ${cast.customer.email}`) && /answered your question/.test(m)),
        ).toHaveLength(2);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('refuses visitors, learners not enrolled, other creators and bad input, storing nothing', async () => {
    const before = await rows();
    expect((await ask(cast.visitor, 'Hello?')).status).toBe(401);
    for (const who of [outsider, otherCreator]) {
      const r = await ask(who, 'Hello?');
      expect(r.status).toBe(403);
      expect(JSON.stringify(r.body)).toMatch(/Only learners enrolled in this course can ask questions\./);
    }
    const bad: [unknown, RegExp][] = [
      [{ episodeId: ep[2], body: 'x'.repeat(10_000) }, /A question can be at most 2,000 characters\./],
      [{ episodeId: ep[2], body: 'x'.repeat(QUESTION_MAX_CHARS + 1) }, /at most 2,000 characters/],
      [{ episodeId: ep[2], body: '   ' }, /Please write your question\./],
      [{ episodeId: ep[2], body: 'ok', atSeconds: 305 + 1 }, /past the end/],
      [{ episodeId: ep[2], body: 'ok', atSeconds: -1 }, /Invalid position/],
      [{ episodeId: '../etc', body: 'ok' }, /Unknown id/],
      ['not an object', /./],
    ];
    for (const [input, message] of bad) {
      const r = await postJson(cast.customer, '/api/questions', input);
      expect(r.status, JSON.stringify(input).slice(0, 60)).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
    const [q] = await listFor(cast.customer);
    for (const who of [outsider, otherCreator]) expect((await answer(who, q!.id, 'Me too')).status).toBe(404);
    expect((await answer(cast.visitor, q!.id, 'Me too')).status).toBe(401);
    expect((await answer(cast.customer, q!.id, 'y'.repeat(5001))).status).toBe(400);
    for (const who of [outsider, otherCreator])
      expect((await who.request(`/api/questions?episodeId=${ep[2]}`)).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('lets the creator and admins ask and answer too', async () => {
    for (const who of [cast.creator, cast.admin]) expect((await ask(who, `From ${who.email}`, 1)).status).toBe(201);
    const list = await listFor(cast.admin, 1);
    expect(list).toHaveLength(2);
    expect((await answer(cast.admin, list[0]!.id, 'Admin here')).status).toBe(201);
  });

  it('counts one upvote per person, however many requests cross; taking it back is as safe', async () => {
    const [q] = await listFor(cast.customer);
    const vote = (who: Person, voted: boolean) =>
      who.request(`/api/questions/${q!.id}/vote`, { method: 'PUT', json: { voted } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => vote(classmate, true)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect((await vote(cast.creator, true)).status).toBe(200);
    expect(await (await vote(cast.creator, true)).json()).toEqual({ voted: true, votes: 2 });
    const [seen] = await listFor(classmate);
    expect(seen).toMatchObject({ votes: 2, voted: true });
    await Promise.all([vote(classmate, false), vote(classmate, false)]);
    expect(await (await vote(classmate, false)).json()).toEqual({ voted: false, votes: 1 });
    expect((await vote(outsider, true)).status).toBe(404);
    expect(
      (await cast.visitor.request(`/api/questions/${q!.id}/vote`, { method: 'PUT', json: { voted: true } })).status,
    ).toBe(401);
    expect((await vote(classmate, 'yes' as never)).status).toBe(400);
  });

  it('orders questions by votes, then newest', async () => {
    const { id: lesser } = (await ask(classmate, 'Less popular', 2)).body as { id: string };
    const list = await listFor(cast.customer);
    expect(list[0]!.votes).toBe(1);
    expect(list[1]!.id).toBe(lesser);
  });

  it('takes a report once per person, never on one’s own words, and queues it for the admins', async () => {
    const [q] = await listFor(cast.customer);
    const report = (who: Person, kind: string, itemId: string) =>
      postJson(who, '/api/questions/reports', { kind, itemId });
    expect((await report(cast.customer, 'question', q!.id)).status).toBe(403);
    expect((await report(outsider, 'question', q!.id)).status).toBe(404);
    expect((await report(classmate, 'question', q!.id)).status).toBe(201);
    expect((await report(classmate, 'question', q!.id)).status).toBe(409);
    const creatorAnswer = q!.answers.find((a) => a.isCreator)!;
    expect((await report(cast.customer, 'answer', creatorAnswer.id)).status).toBe(201);
    expect((await report(cast.customer, 'answer', q!.id)).status).toBe(404);

    for (const who of [cast.customer, cast.creator, cast.visitor])
      expect([401, 403]).toContain((await who.request('/api/admin/questions')).status);
    const queue = (await (await cast.admin.request('/api/admin/questions')).json()) as {
      items: { id: string; kind: string; reportCount: number }[];
    };
    expect(queue.items.map((i) => [i.id, i.kind, i.reportCount]).sort()).toEqual(
      [
        [q!.id, 'question', 1],
        [creatorAnswer.id, 'answer', 1],
      ].sort(),
    );
  });

  it('hides a question from everyone but admins (and from the count), restores it, and audits both', async () => {
    const [q] = await listFor(cast.customer);
    const counts = () => countCourseQuestions(services(), null, { courseId });
    expect(await counts()).toEqual({ [ep[1]!]: 2, [ep[2]!]: 2 });
    const moderate = (who: Person, action: string) => postJson(who, `/api/admin/questions/${q!.id}/${action}`);
    for (const who of [cast.customer, cast.creator]) expect((await moderate(who, 'hide')).status).toBe(403);
    expect((await moderate(cast.admin, 'hide')).status).toBe(200);
    expect((await moderate(cast.admin, 'hide')).status).toBe(409);
    expect((await listFor(cast.customer)).map((x) => x.id)).not.toContain(q!.id);
    expect((await listFor(cast.creator)).map((x) => x.id)).not.toContain(q!.id);
    expect((await listFor(cast.admin)).find((x) => x.id === q!.id)).toMatchObject({ hidden: true });
    expect((await answer(classmate, q!.id, 'hidden?')).status).toBe(404);
    expect(await counts()).toEqual({ [ep[1]!]: 2, [ep[2]!]: 1 });

    expect((await moderate(cast.admin, 'restore')).status).toBe(200);
    expect((await listFor(cast.customer)).map((x) => x.id)).toContain(q!.id);
    const audit = await cast.app.t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('targetId', '=', q!.id)
      .orderBy('createdAt')
      .execute();
    expect(audit).toEqual([
      { action: 'question.hide', actorId: cast.admin.id },
      { action: 'question.restore', actorId: cast.admin.id },
    ]);
  });

  it('tells the creator in the studio how many questions wait for their answer, and no one else', async () => {
    const unanswered = (who: Person, role: 'creator' | 'customer' | 'admin') =>
      countUnansweredQuestions(services(), { userId: who.id, role });
    // Episode 1: the admin's question (the creator's own does not wait); episode 2: the classmate's "Less
    // popular" (the learner's was answered by the creator).
    expect(await unanswered(cast.creator, 'creator')).toEqual({ [courseId]: { count: 2, episode: 1 } });
    expect(await unanswered(otherCreator, 'creator')).toEqual({});
    expect(await unanswered(cast.customer, 'customer')).toEqual({});
    expect(await countUnansweredQuestions(services(), null)).toEqual({});
  });

  it('lets only the author edit or delete their question or answer; a question goes with its answers and votes', async () => {
    const { db } = cast.app.t;
    ep[3] = (await make.episode(db, { courseId, position: 3, duration: 300 })).id;
    const { id: q } = (await ask(cast.customer, 'Why rest the dough?', 3)).body as { id: string };
    const { id: a } = (await answer(classmate, q, 'So it relaxes.')).body as { id: string };
    expect((await answer(cast.creator, q, 'Gluten.')).status).toBe(201);
    await classmate.request(`/api/questions/${q}/vote`, { method: 'PUT', json: { voted: true } });
    expect((await postJson(classmate, '/api/questions/reports', { kind: 'question', itemId: q })).status).toBe(201);
    const edit = (who: Person | Cast['visitor'], path: string, body: unknown) =>
      who.request(path, { method: 'PATCH', json: { body } });
    const remove = (who: Person | Cast['visitor'], path: string) => who.request(path, { method: 'DELETE' });
    const qPath = `/api/questions/${q}`;
    const aPath = `/api/questions/answers/${a}`;
    const snapshot = async () => ({
      q: await db.selectFrom('question').select(['body', 'editedAt']).where('id', '=', q).executeTakeFirst(),
      a: await db.selectFrom('answer').select(['body', 'editedAt']).where('id', '=', a).executeTakeFirst(),
    });
    const before = await snapshot();

    // Every role but the author: the visitor signs in, those outside the discussion see nothing, the rest
    // (another learner, the course's creator, an admin) are told it is not theirs.
    const refusals: [Person | Cast['visitor'], string, number][] = [
      [cast.visitor, qPath, 401],
      [outsider, qPath, 404],
      [otherCreator, qPath, 404],
      [classmate, qPath, 403],
      [cast.creator, qPath, 403],
      [cast.admin, qPath, 403],
      [cast.visitor, aPath, 401],
      [outsider, aPath, 404],
      [cast.customer, aPath, 403],
      [cast.creator, aPath, 403],
      [cast.admin, aPath, 403],
    ];
    for (const [who, path, status] of refusals)
      for (const r of [await edit(who, path, 'Mine now'), await remove(who, path)]) {
        expect(r.status, `${path} ${status}`).toBe(status);
        if (status === 403)
          expect(await r.text()).toMatch(/You can only edit or delete your own questions and answers\./);
      }
    // The limits and words of asking and answering.
    const bad: [string, unknown, RegExp][] = [
      [qPath, 'x'.repeat(QUESTION_MAX_CHARS + 1), /A question can be at most 2,000 characters\./],
      [qPath, '   ', /Please write your question\./],
      [qPath, 42, /Please write your question\./],
      [aPath, 'y'.repeat(ANSWER_MAX_CHARS + 1), /An answer can be at most 5,000 characters\./],
    ];
    for (const [path, body, message] of bad) {
      const r = await edit(path === qPath ? cast.customer : classmate, path, body);
      expect(r.status).toBe(400);
      expect(await r.text()).toMatch(message);
    }
    expect((await edit(cast.customer, '/api/questions/nope', 'x')).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // The author edits: "Edited" from then on; the same words again change nothing.
    expect(await (await edit(cast.customer, qPath, '  Why rest the dough so long?  ')).json()).toEqual({
      edited: true,
    });
    expect(await (await edit(cast.customer, qPath, 'Why rest the dough so long?')).json()).toEqual({ edited: false });
    expect(await (await edit(classmate, aPath, 'So the gluten relaxes.')).json()).toEqual({ edited: true });
    const [seen] = await listFor(classmate, 3);
    expect(seen).toMatchObject({ body: 'Why rest the dough so long?', editedAt: expect.any(String), votes: 1 });
    expect(seen!.answers.map((x) => [x.body, x.editedAt === null])).toEqual([
      ['Gluten.', true],
      ['So the gluten relaxes.', false],
    ]);

    // The answer's author deletes it; then the asker deletes the question, with its answers, votes and reports.
    expect((await remove(classmate, aPath)).status).toBe(200);
    expect((await listFor(cast.customer, 3))[0]!.answers.map((x) => x.body)).toEqual(['Gluten.']);
    expect((await remove(classmate, aPath)).status).toBe(404);
    expect((await remove(cast.customer, qPath)).status).toBe(200);
    expect(await listFor(cast.customer, 3)).toEqual([]);
    for (const table of ['answer', 'questionVote', 'questionReport'] as const)
      expect(await db.selectFrom(table).select('userId').where('questionId', '=', q).execute(), table).toEqual([]);
    expect((await remove(cast.customer, qPath)).status).toBe(404);
    expect(await countCourseQuestions(services(), null, { courseId })).not.toHaveProperty(ep[3]!);
  });

  it('takes at most ten questions an hour from one person (429, nothing stored); refusals spend nothing', async () => {
    const eager = await signedIn(cast.app, 'customer');
    await make.enrollment(cast.app.t.db, { userId: eager.id, courseId });
    expect((await ask(eager, '   ', 1)).status).toBe(400);
    for (let n = 1; n <= 10; n++) expect((await ask(eager, `Question ${n}`, 1)).status).toBe(201);
    const before = await rows();
    const refused = await eager.request('/api/questions', {
      method: 'POST',
      json: { episodeId: ep[1], body: 'One more?' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/You have asked many questions in the last hour\. Please try again later\./);
    expect(await rows()).toEqual(before);
    // Someone else's budget is their own.
    expect((await ask(classmate, 'Mine still goes', 1)).status).toBe(201);
  });

  it('lists questions only for those in the discussion', async () => {
    await expect(listEpisodeQuestions(services(), null, { episodeId: ep[2]! })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      listEpisodeQuestions(services(), { userId: outsider.id, role: 'customer' }, { episodeId: ep[2]! }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
