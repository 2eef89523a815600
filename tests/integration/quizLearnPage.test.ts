// The learning page of a quiz lesson (issue 26, decision 0058), through the page's loader with the learner
// resolved from a real session: the quiz is in the page's data (so the page the service worker keeps opens it
// with no connection), never with its correct answers; it counts each attempt once, a pass completes the
// lesson in the lesson list, and other lessons carry no quiz.
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLearnPage } from '#app/server/learning.server.ts';
import { requestContext } from '#server/edge/requestContext.ts';
import { resolveActor } from '#server/modules/accounts/resolveActor.ts';
import { newId } from '#server/lib/ids.ts';
import { readQuizQuestions } from '#server/modules/learning/quiz/readQuizQuestions.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';
import { answersTo, sampleQuiz } from '#tests/support/quizzes.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let learner: Person;
let courseId: string;
let quizId: string;

beforeAll(async () => {
  cast = await startCast(cleanups);
  learner = await signedIn(cast.app, 'customer');
  courseId = (await make.course(cast.app.t.db, { creator: { id: cast.creator.id, name: 'Wanjiku' } })).id;
  for (const lesson of [
    { kind: 'text', title: 'Read', body: 'Soma' },
    { kind: 'quiz', title: 'Check', quiz: sampleQuiz() },
  ]) {
    const res = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, lesson);
    expect(res.status).toBe(201);
    quizId = res.body.id;
  }
  await make.enrollment(cast.app.t.db, { userId: learner.id, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function openLesson(order: number) {
  const { actor } = await resolveActor(cast.app.running.services, {
    headers: new Headers({ cookie: learner.cookieHeader }),
  });
  const context = new RouterContextProvider();
  context.set(requestContext, {
    services: cast.app.running.services,
    actor,
    sessionId: null,
    clientIp: '127.0.0.1',
    locale: 'en',
  });
  const path = `/learn/${courseId}/${order}`;
  return loadLearnPage({
    request: new Request(`http://localhost${path}`),
    params: { courseId, episodeNo: String(order) },
    context,
  });
}

describe('the learning page of a quiz lesson', () => {
  it('carries the quiz without its answers, counts an attempt once, and a pass completes the lesson', async () => {
    expect((await openLesson(1)).quiz).toBeNull();
    const before = await openLesson(2);
    expect(before.quiz).toMatchObject({ episodeId: quizId, passMark: 75, maxAttempts: 2, attemptsUsed: 0 });
    expect(before.quiz!.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'trueFalse', 'number']);
    expect(before.quiz!.questions[0]!.options).toEqual(['Nairobi', 'Mombasa']);
    // Nothing in the page's data says which answer is right.
    const json = JSON.stringify(before);
    for (const secret of ['correct', '3.5', 'Nairobi has been the capital']) expect(json).not.toContain(secret);
    expect(before.page.episodes[1]!.completed).toBe(false);

    const row = await cast.app.t.db
      .selectFrom('quiz')
      .select('questions')
      .where('episodeId', '=', quizId)
      .executeTakeFirstOrThrow();
    const attempt = {
      attemptId: `device-${newId()}`.padEnd(16, 'x'),
      episodeId: quizId,
      answers: answersTo(readQuizQuestions(row.questions)),
    };
    // Sent twice (offline, then again when the connection returned): counted once.
    for (let i = 0; i < 2; i++)
      expect((await postJson(learner, '/api/learning/quiz-attempts', attempt)).status).toBe(200);
    const after = await openLesson(2);
    expect(after.quiz).toMatchObject({ attemptsUsed: 1, passed: true, bestScore: 100 });
    // Coming back, the learner sees that attempt as it was scored: now, and only now, with the right answers.
    expect(before.quiz!.lastAttempt).toBeNull();
    expect(after.quiz!.lastAttempt).toMatchObject({ attemptId: attempt.attemptId, score: 100, attemptsLeft: 1 });
    expect(after.quiz!.lastAttempt!.questions[0]).toMatchObject({ correct: true, choices: [0], correctChoices: [0] });
    expect(after.page.episodes[1]!.completed).toBe(true);
  });
});
