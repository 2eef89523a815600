// Quiz lessons in the studio, through the real server (issue 26, decision 0057): made and edited with their
// questions in one validated request by the course's creator or an admin; every bad form refused with its
// words and nothing stored; question ids kept across edits; a lesson switched to another kind drops its quiz.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '#common/studio/quizSchema.ts';
import { readQuizQuestions } from '#server/modules/learning/quiz/readQuizQuestions.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import { sampleQuiz } from '#tests/support/quizzes.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;

beforeAll(async () => {
  cast = await startCast(cleanups);
  const owner = { id: cast.creator.id, name: 'Wanjiku' };
  courseId = (await make.course(cast.app.t.db, { creator: owner })).id;
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const episodes = (c: Client, json: unknown) => postJson(c, `/api/studio/courses/${courseId}/episodes`, json);
const put = async (c: Client, episodeId: string, json: unknown) => {
  const res = await c.request(`/api/studio/courses/${courseId}/episodes/${episodeId}`, { method: 'PUT', json });
  return { status: res.status, body: await res.json() };
};
const quizRow = (episodeId: string) =>
  cast.app.t.db.selectFrom('quiz').selectAll().where('episodeId', '=', episodeId).executeTakeFirst();
const counts = async () => ({
  episodes: (await cast.app.t.db.selectFrom('episode').select('id').where('courseId', '=', courseId).execute()).length,
  quizzes: (await cast.app.t.db.selectFrom('quiz').select('episodeId').execute()).length,
});

describe('making a quiz lesson', () => {
  it('stores the quiz with its questions, each given an id, and shows it in the editor', async () => {
    const res = await episodes(cast.creator, { kind: 'quiz', title: 'Geography check', quiz: sampleQuiz() });
    expect(res.status).toBe(201);
    const row = await quizRow(res.body.id);
    expect(row).toMatchObject({ passMark: 75, maxAttempts: 2 });
    const questions = readQuizQuestions(row!.questions);
    expect(questions.map((q) => q.type)).toEqual(['single', 'multiple', 'trueFalse', 'number']);
    expect(new Set(questions.map((q) => q.id)).size).toBe(4);
    const editor = await cast.creator.request(`/api/studio/courses/${courseId}`).then((r) => r.json());
    const lesson = editor.episodes.find((e: { id: string }) => e.id === res.body.id);
    expect(lesson).toMatchObject({ kind: 'quiz', video: null, body: '', quiz: { passMark: 75, maxAttempts: 2 } });
    expect(lesson.quiz.questions[0]).toMatchObject({ id: questions[0]!.id, prompt: 'Capital of Kenya?' });
  });

  it('refuses every bad quiz with its words (400) and stores nothing', async () => {
    const [single, multiple, trueFalse, number] = sampleQuiz().questions as Record<string, unknown>[];
    const noCorrect = { ...single, options: [{ text: 'A' }, { text: 'B' }] };
    const twoCorrect = {
      ...single,
      options: [
        { text: 'A', correct: true },
        { text: 'B', correct: true },
      ],
    };
    const tfTwoCorrect = {
      ...trueFalse,
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: true },
      ],
    };
    const oneOption = { ...multiple, options: [{ text: 'Only', correct: true }] };
    const quiz = (over: Record<string, unknown>) => sampleQuiz(over);
    const cases: [unknown, string][] = [
      [quiz({ questions: [noCorrect] }), QUIZ_MESSAGES.noCorrect],
      [quiz({ questions: [twoCorrect] }), QUIZ_MESSAGES.oneCorrect],
      [quiz({ questions: [tfTwoCorrect] }), QUIZ_MESSAGES.oneCorrect],
      [quiz({ questions: [oneOption] }), QUIZ_MESSAGES.fewOptions],
      [quiz({ passMark: 101 }), QUIZ_MESSAGES.passMark],
      [quiz({ passMark: 0 }), QUIZ_MESSAGES.passMark],
      [quiz({ maxAttempts: 11 }), QUIZ_MESSAGES.attempts],
      [quiz({ questions: Array.from({ length: 51 }, () => number) }), QUIZ_MESSAGES.tooManyQuestions],
      [quiz({ questions: [] }), QUIZ_MESSAGES.quizRequired],
      [quiz({ questions: [{ ...single, prompt: 'x'.repeat(1001) }] }), QUIZ_MESSAGES.prompt],
      [quiz({ questions: [{ ...single, explanation: 'x'.repeat(2001) }] }), QUIZ_MESSAGES.explanation],
      [
        quiz({ questions: [{ ...multiple, options: [{ text: 'x'.repeat(301), correct: true }, { text: 'b' }] }] }),
        QUIZ_MESSAGES.option,
      ],
      [quiz({ questions: [{ ...number, tolerance: -1 }] }), QUIZ_MESSAGES.number],
      [quiz({ questions: [{ ...single, type: 'essay' }] }), QUIZ_MESSAGES.questionType],
      [null, QUIZ_MESSAGES.quizRequired],
    ];
    const before = await counts();
    for (const [q, message] of cases) {
      const res = await episodes(cast.creator, { kind: 'quiz', title: 'Bad', quiz: q });
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    expect(await counts()).toEqual(before);
  });

  it('lets only the course’s creator and admins make or edit a quiz', async () => {
    const other = await signedIn(cast.app, 'creator');
    const form = { kind: 'quiz', title: 'Mine', quiz: sampleQuiz() };
    const before = await counts();
    for (const c of [other, cast.customer]) expect((await episodes(c, form)).status).toBe(404);
    expect((await episodes(cast.visitor, form)).status).toBe(401);
    expect(await counts()).toEqual(before);
    const { body } = await episodes(cast.admin, form);
    expect(await quizRow(body.id)).toBeTruthy();
    for (const c of [other, cast.customer])
      expect((await put(c, body.id, { ...form, title: 'Theirs' })).status).toBe(404);
  });
});

describe('editing a quiz lesson', () => {
  it('keeps the ids of questions sent back, gives new ones new ids, and refuses a bad edit leaving the quiz as it was', async () => {
    const { body } = await episodes(cast.creator, { kind: 'quiz', title: 'Edit me', quiz: sampleQuiz() });
    const [first, second] = readQuizQuestions((await quizRow(body.id))!.questions);
    const edited = sampleQuiz({ passMark: 50, maxAttempts: null }).questions.slice(0, 3) as Record<string, unknown>[];
    const questions = [
      { ...edited[1], id: second!.id },
      { ...edited[0], id: first!.id },
      { ...edited[2], id: 'notOneOfOurs' },
    ];
    expect(
      (
        await put(cast.creator, body.id, {
          kind: 'quiz',
          title: 'Edited',
          quiz: { passMark: 50, maxAttempts: null, questions },
        })
      ).status,
    ).toBe(200);
    const row = await quizRow(body.id);
    expect(row).toMatchObject({ passMark: 50, maxAttempts: null });
    const ids = readQuizQuestions(row!.questions).map((q) => q.id);
    expect(ids.slice(0, 2)).toEqual([second!.id, first!.id]);
    expect([first!.id, second!.id, 'notOneOfOurs']).not.toContain(ids[2]);
    const bad = await put(cast.creator, body.id, {
      kind: 'quiz',
      title: 'Bad',
      quiz: { passMark: 200, maxAttempts: 1, questions },
    });
    expect(bad.status).toBe(400);
    expect((await quizRow(body.id))?.questions).toBe(row!.questions);
  });

  it('drops the quiz when the lesson becomes a text lesson', async () => {
    const { body } = await episodes(cast.creator, { kind: 'quiz', title: 'Was a quiz', quiz: sampleQuiz() });
    expect(
      (await put(cast.creator, body.id, { kind: 'text', title: 'Now text', body: 'Soma', quiz: sampleQuiz() })).status,
    ).toBe(200);
    expect(await quizRow(body.id)).toBeUndefined();
  });
});
