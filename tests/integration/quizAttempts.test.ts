// Taking a quiz lesson, through the real server (issue 26, decision 0057): scored on the server, counted once
// per device-made attempt id (sent twice, or six at once), refused after the attempts are spent (409), for
// unknown questions (400) and for anyone who may not open the lesson (404); a pass completes the lesson, and
// the certificate needs every quiz passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids.ts';
import type { QuizQuestion } from '#common/studio/quizSchema.ts';
import { readQuizQuestions } from '#server/modules/learning/quiz/readQuizQuestions.ts';
import { ATTEMPTS_SPENT } from '#server/modules/learning/quiz/submitQuizAttempt.ts';
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

const db = () => cast.app.t.db;
const attemptId = () => `dev-${newId()}`.padEnd(16, 'x');

/** A published course of the cast's creator: its lessons made through the studio, in this order. */
async function courseWith(...lessons: Record<string, unknown>[]) {
  const courseId = (await make.course(db(), { creator: { id: cast.creator.id, name: 'Wanjiku' } })).id;
  const ids: string[] = [];
  for (const lesson of lessons) {
    const res = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, lesson);
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return { courseId, ids };
}
const quizLesson = (over: Record<string, unknown> = {}) => ({ kind: 'quiz', title: 'Quiz', quiz: sampleQuiz(over) });
const textLesson = { kind: 'text', title: 'Read', body: 'Soma' };
async function questionsOf(episodeId: string): Promise<QuizQuestion[]> {
  const row = await db()
    .selectFrom('quiz')
    .select('questions')
    .where('episodeId', '=', episodeId)
    .executeTakeFirstOrThrow();
  return readQuizQuestions(row.questions);
}
const submit = (c: Client, episodeId: string, answers: unknown, id = attemptId()) =>
  postJson(c, '/api/learning/quiz-attempts', { attemptId: id, episodeId, answers });
const attempts = async (episodeId: string) =>
  (await db().selectFrom('quizAttempt').select('id').where('episodeId', '=', episodeId).execute()).length;
const completed = async (userId: string, episodeId: string) =>
  Boolean(
    (
      await db()
        .selectFrom('progress')
        .select('completed')
        .where('userId', '=', userId)
        .where('episodeId', '=', episodeId)
        .executeTakeFirst()
    )?.completed,
  );

describe('taking a quiz', () => {
  it('scores on the server, shows the right answers only after the attempt, and a pass completes the lesson', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(textLesson, quizLesson());
    await make.enrollment(db(), { userId: learner.id, courseId });
    const quiz = await getJson(learner, `/api/learning/quizzes/${ids[1]}`);
    expect(quiz.status).toBe(200);
    expect(quiz.body).toMatchObject({ passMark: 75, maxAttempts: 2, attemptsUsed: 0, passed: false, bestScore: null });
    expect(JSON.stringify(quiz.body)).not.toMatch(/correct|explanation|"answer"|tolerance/);
    const questions = await questionsOf(ids[1]!);
    // Three right out of four: 75 %, exactly the pass mark.
    const answers = answersTo(questions);
    answers[1] = { questionId: questions[1]!.id, choices: [0] };
    const res = await submit(learner, ids[1]!, answers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ score: 75, passed: true, attemptsUsed: 1, attemptsLeft: 1 });
    expect(res.body.questions).toEqual([
      { ...answers[0], correct: true, explanation: questions[0]!.explanation, correctChoices: [0] },
      { ...answers[1], correct: false, explanation: questions[1]!.explanation, correctChoices: [0, 2] },
      { ...answers[2], correct: true, explanation: questions[2]!.explanation, correctChoices: [0] },
      { ...answers[3], correct: true, explanation: '7 / 2', correctNumber: 3.5, tolerance: 0.1 },
    ]);
    // The answers are kept with the result: the quiz's page shows this attempt again, as it was.
    const back = await getJson(learner, `/api/learning/quizzes/${ids[1]}`);
    expect(back.body.lastAttempt).toEqual({ ...res.body, attemptsUsed: 1 });
    expect(await completed(learner.id, ids[1]!)).toBe(true);
  });

  it('fails below the pass mark (a question left out is wrong) without completing; refuses answers once the attempts are spent', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(quizLesson({ maxAttempts: 1 }));
    await make.enrollment(db(), { userId: learner.id, courseId });
    const questions = await questionsOf(ids[0]!);
    const first = await submit(learner, ids[0]!, answersTo(questions).slice(0, 2));
    expect(first.body).toMatchObject({ score: 50, passed: false, attemptsLeft: 0 });
    expect(await completed(learner.id, ids[0]!)).toBe(false);
    const again = await submit(learner, ids[0]!, answersTo(questions));
    expect([again.status, again.body.error.message]).toEqual([409, ATTEMPTS_SPENT]);
    expect(await attempts(ids[0]!)).toBe(1);
    // The first attempt sent again (from the device's queue) is its own result, not a refusal.
    const resent = await submit(learner, ids[0]!, [], first.body.attemptId);
    expect([resent.status, resent.body.score]).toEqual([200, 50]);
  });

  it('counts six identical attempts sent at once as one', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(quizLesson({ maxAttempts: 1 }));
    await make.enrollment(db(), { userId: learner.id, courseId });
    const answers = answersTo(await questionsOf(ids[0]!));
    const id = attemptId();
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(learner, ids[0]!, answers, id)));
    expect(results.map((r) => [r.status, r.body.attemptId, r.body.score])).toEqual(Array(6).fill([200, id, 100]));
    expect(await attempts(ids[0]!)).toBe(1);
  });

  it('refuses unknown questions, answers that do not fit, and bad attempt ids (400), storing nothing', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(quizLesson());
    await make.enrollment(db(), { userId: learner.id, courseId });
    const [q1, , , q4] = await questionsOf(ids[0]!);
    const bad: [unknown[], string, string?][] = [
      [[{ questionId: 'notAQuestion', choices: [0] }], 'That answer is for a question this quiz does not have.'],
      [
        [
          { questionId: q1!.id, choices: [0] },
          { questionId: q1!.id, choices: [1] },
        ],
        'That answer is for a question this quiz does not have.',
      ],
      [[{ questionId: q1!.id, choices: [5] }], 'That answer does not fit its question.'],
      [[{ questionId: q4!.id, choices: [0] }], 'That answer does not fit its question.'],
      [[], 'Unknown id', 'short'],
    ];
    for (const [answers, message, id] of bad) {
      const res = await submit(learner, ids[0]!, answers, id);
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    expect(await attempts(ids[0]!)).toBe(0);
  });

  it('lets take a quiz: the free first lesson anyone signed in; the rest enrolled learners, the creator and admins (others 404)', async () => {
    const { courseId, ids } = await courseWith(quizLesson({ maxAttempts: null }), quizLesson({ maxAttempts: null }));
    const enrolled = await signedIn(cast.app, 'customer');
    const outsider = await signedIn(cast.app, 'customer');
    const other = await signedIn(cast.app, 'creator');
    await make.enrollment(db(), { userId: enrolled.id, courseId });
    const status = async (c: Client, episodeId: string) =>
      (await submit(c, episodeId, answersTo(await questionsOf(episodeId)))).status;
    const who: [Client, number, number][] = [
      [cast.visitor, 401, 401],
      [outsider, 200, 404],
      [enrolled, 200, 200],
      [other, 200, 404],
      [cast.creator, 200, 200],
      [cast.admin, 200, 200],
    ];
    for (const [c, free, paid] of who) {
      expect(await status(c, ids[0]!)).toBe(free);
      expect(await status(c, ids[1]!)).toBe(paid);
      expect((await getJson(c, `/api/learning/quizzes/${ids[1]}`)).status).toBe(paid);
    }
    expect(await attempts(ids[1]!)).toBe(3);
  });
});

describe('the certificate', () => {
  const certificate = (userId: string, courseId: string) =>
    db()
      .selectFrom('certificate')
      .select('code')
      .where('userId', '=', userId)
      .where('courseId', '=', courseId)
      .executeTakeFirst();
  const read = (c: Client, episodeId: string) => postJson(c, '/api/learning/progress', { episodeId, position: 0 });

  it('needs every quiz passed: a failed quiz holds it back, passing it issues it', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(textLesson, quizLesson({ maxAttempts: null }));
    await make.enrollment(db(), { userId: learner.id, courseId });
    expect((await read(learner, ids[0]!)).body).toEqual({ completed: true });
    // A progress report on a quiz does not complete it.
    expect((await read(learner, ids[1]!)).body).toEqual({ completed: false });
    const questions = await questionsOf(ids[1]!);
    await submit(learner, ids[1]!, answersTo(questions, false));
    expect(await certificate(learner.id, courseId)).toBeUndefined();
    expect((await submit(learner, ids[1]!, answersTo(questions))).body.passed).toBe(true);
    expect(await certificate(learner.id, courseId)).toBeTruthy();
  });

  it('is not earned by a lesson completed before it became a quiz', async () => {
    const learner = await signedIn(cast.app, 'customer');
    const { courseId, ids } = await courseWith(textLesson, textLesson);
    await make.enrollment(db(), { userId: learner.id, courseId });
    await read(learner, ids[1]!);
    const res = await cast.creator.request(`/api/studio/courses/${courseId}/episodes/${ids[1]}`, {
      method: 'PUT',
      json: quizLesson(),
    });
    expect(res.status).toBe(200);
    await read(learner, ids[0]!);
    expect(await certificate(learner.id, courseId)).toBeUndefined();
    await submit(learner, ids[1]!, answersTo(await questionsOf(ids[1]!)));
    expect(await certificate(learner.id, courseId)).toBeTruthy();
  });
});
