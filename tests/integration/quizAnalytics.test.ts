// Which quiz questions learners miss (issue 26, decision 0057), through the real server: per question, the
// share of learners' latest attempts that got it wrong, most-missed first; for the course's creator and
// admins only; the creator's own tries do not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids.ts';
import { readQuizQuestions } from '#server/modules/learning/quiz/readQuizQuestions.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import { answersTo, sampleQuiz } from '#tests/support/quizzes.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;

beforeAll(async () => {
  cast = await startCast(cleanups);
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('quiz analytics', () => {
  it('sorts questions by the share of learners’ latest attempts that missed them', async () => {
    const db = cast.app.t.db;
    const courseId = (await make.course(db, { creator: { id: cast.creator.id, name: 'Wanjiku' } })).id;
    const made = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, {
      kind: 'quiz',
      title: 'Check',
      quiz: sampleQuiz({ maxAttempts: null }),
    });
    const episodeId: string = made.body.id;
    const row = await db
      .selectFrom('quiz')
      .select('questions')
      .where('episodeId', '=', episodeId)
      .executeTakeFirstOrThrow();
    const [q1, q2, q3, q4] = readQuizQuestions(row.questions);
    const right = answersTo([q1!, q2!, q3!, q4!]);
    const wrong = answersTo([q1!, q2!, q3!, q4!], false);
    // Ids in the order sent: two attempts in the same millisecond are told apart by their ids.
    let n = 0;
    const submit = (c: Client, answers: unknown) =>
      postJson(c, '/api/learning/quiz-attempts', {
        attemptId: `a-${String(++n).padStart(3, '0')}-${newId()}`,
        episodeId,
        answers,
      });
    const learners = await Promise.all([1, 2, 3, 4].map(() => signedIn(cast.app, 'customer')));
    for (const l of learners) await make.enrollment(db, { userId: l.id, courseId });
    // Learner 1 missed everything, then got it all right: only the latest attempt counts.
    await submit(learners[0]!, wrong);
    await submit(learners[0]!, right);
    // Learners 2–4 miss q4; 2 and 3 miss q2 too; 2 misses q3; nobody's latest attempt misses q1.
    await submit(learners[1]!, [right[0], wrong[1], wrong[2], wrong[3]]);
    await submit(learners[2]!, [right[0], wrong[1], right[2], wrong[3]]);
    await submit(learners[3]!, [right[0], right[1], right[2], wrong[3]]);
    // The creator's own try is not a learner's.
    await submit(cast.creator, wrong);
    const res = await getJson(cast.creator, `/api/analytics/courses/${courseId}/quizzes`);
    expect(res.status).toBe(200);
    expect(
      res.body.questions.map((q: Record<string, unknown>) => [q.questionId, q.learners, q.missed, q.missedPct]),
    ).toEqual([
      [q4!.id, 4, 3, 75],
      [q2!.id, 4, 2, 50],
      [q3!.id, 4, 1, 25],
      [q1!.id, 4, 0, 0],
    ]);
    expect(res.body.questions[0]).toMatchObject({ episodeId, lessonTitle: 'Check', prompt: 'Half of 7?' });
    expect((await getJson(cast.admin, `/api/analytics/courses/${courseId}/quizzes`)).status).toBe(200);
    const other = await signedIn(cast.app, 'creator');
    for (const [c, status] of [
      [cast.visitor, 401],
      [learners[0]!, 404],
      [other, 404],
    ] as const)
      expect((await getJson(c, `/api/analytics/courses/${courseId}/quizzes`)).status).toBe(status);
  });
});
