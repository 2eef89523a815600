// The studio's quiz form against the real server (issue 26, decision 0059): what the form sends for a quiz
// it read back from the editor keeps every question's id, and a refusal's details name the question the
// form then marks (quizForm.ts's `refusedQuestions`), in the order the form sent them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '#common/studio/quizSchema.ts';
import {
  draftFromQuiz,
  markCorrect,
  moveItem,
  newOption,
  newQuestion,
  quizInputFromDraft,
  refusedQuestions,
} from '#app/components/studio/quizForm.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { sampleQuiz } from '#tests/support/quizzes.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;

beforeAll(async () => {
  cast = await startCast(cleanups);
  courseId = (await make.course(cast.app.t.db, { creator: { id: cast.creator.id, name: 'Wanjiku' } })).id;
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const words = { true: 'Kweli', false: 'Si kweli' };
type EditorQuiz = Parameters<typeof draftFromQuiz>[0];
async function editorQuiz(episodeId: string): Promise<EditorQuiz> {
  const editor = await cast.creator.request(`/api/studio/courses/${courseId}`).then((r) => r.json());
  return editor.episodes.find((e: { id: string }) => e.id === episodeId).quiz;
}

describe('the studio quiz form through the server', () => {
  it('keeps question ids through an edit that reorders, adds and removes questions', async () => {
    const made = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, {
      kind: 'quiz',
      title: 'Form round trip',
      quiz: sampleQuiz(),
    });
    expect(made.status).toBe(201);
    const stored = await editorQuiz(made.body.id);
    const ids = stored.questions.map((q) => q.id);

    const draft = draftFromQuiz(stored);
    const added = markCorrect({ ...newQuestion('trueFalse', words), prompt: 'Added in the form' }, 0);
    // Last moved to first, the second removed, a new one at the end.
    const questions = moveItem(moveItem(moveItem(draft.questions, 3, -1), 2, -1), 1, -1).filter((_, i) => i !== 2);
    const sent = quizInputFromDraft({ ...draft, passMark: '80', attempts: '', questions: [...questions, added] });
    const res = await cast.creator.request(`/api/studio/courses/${courseId}/episodes/${made.body.id}`, {
      method: 'PUT',
      json: { kind: 'quiz', title: 'Form round trip', quiz: sent },
    });
    expect(res.status).toBe(200);

    const after = await editorQuiz(made.body.id);
    expect(after).toMatchObject({ passMark: 80, maxAttempts: null });
    expect(after.questions.map((q) => q.id).slice(0, 3)).toEqual([ids[3], ids[0], ids[2]]);
    expect(ids).not.toContain(after.questions[3]!.id);
    expect(after.questions[3]).toMatchObject({ type: 'trueFalse', prompt: 'Added in the form' });
    // Read back into the form and sent again, nothing changes.
    expect(quizInputFromDraft(draftFromQuiz(after))).toEqual(after);
  });

  it('names the refused question in the details the form reads', async () => {
    const draft = draftFromQuiz({ ...sampleQuiz(), questions: [] } as unknown as EditorQuiz);
    const ok = markCorrect({ ...newQuestion('single', words), prompt: 'Fine' }, 0);
    ok.options = ok.options.map((o, i) => ({ ...o, text: `Option ${i + 1}` }));
    const unmarked = { ...newQuestion('multiple', words), prompt: 'None marked' };
    unmarked.options = [newOption('A'), newOption('B')];
    const noAnswer = { ...newQuestion('number', words), prompt: 'No number' };
    const res = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, {
      kind: 'quiz',
      title: 'Refused',
      quiz: quizInputFromDraft({ ...draft, questions: [ok, unmarked, noAnswer] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(QUIZ_MESSAGES.noCorrect);
    expect([...refusedQuestions(res.body.error.details)]).toEqual([
      [1, QUIZ_MESSAGES.noCorrect],
      [2, QUIZ_MESSAGES.number],
    ]);
  });
});
