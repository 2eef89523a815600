import { describe, expect, it } from 'vitest';
import { quizInput } from '#common/studio/quizSchema.ts';
import {
  changeType,
  draftFromQuiz,
  emptyQuiz,
  markCorrect,
  moveItem,
  newOption,
  newQuestion,
  parseNumber,
  quizInputFromDraft,
  refusedQuestions,
} from './quizForm.ts';

const words = { true: 'Kweli', false: 'Si kweli' };

describe('the studio quiz form', () => {
  it('maps what the creator typed to the quiz the server takes, ids kept for stored questions only', () => {
    const single = { ...newQuestion('single', words), id: 'q1', prompt: 'Capital?', explanation: 'Nairobi.' };
    single.options = [newOption('Nairobi', true), newOption('Mombasa')];
    const num = { ...newQuestion('number', words), prompt: 'Half of 5?', answer: '2,5', tolerance: '' };
    const tf = markCorrect({ ...newQuestion('trueFalse', words), prompt: 'Water is wet' }, 0);
    const draft = { passMark: '80', attempts: '', questions: [single, num, tf] };
    const input = quizInputFromDraft(draft);
    expect(input).toEqual({
      passMark: 80,
      maxAttempts: null,
      questions: [
        {
          id: 'q1',
          type: 'single',
          prompt: 'Capital?',
          explanation: 'Nairobi.',
          options: [
            { text: 'Nairobi', correct: true },
            { text: 'Mombasa', correct: false },
          ],
        },
        { type: 'number', prompt: 'Half of 5?', explanation: '', answer: 2.5, tolerance: 0 },
        {
          type: 'trueFalse',
          prompt: 'Water is wet',
          explanation: '',
          options: [
            { text: 'Kweli', correct: true },
            { text: 'Si kweli', correct: false },
          ],
        },
      ],
    });
    expect(quizInput.safeParse(input).success).toBe(true);
    expect(quizInputFromDraft({ ...draft, attempts: '3' }).maxAttempts).toBe(3);
  });

  it('sends what cannot be right as it is, so the server says what to change', () => {
    const q = { ...newQuestion('single', words), prompt: 'No answer marked' };
    q.options = [newOption('a'), newOption('b')];
    const input = quizInputFromDraft({ passMark: '', attempts: '', questions: [q] });
    expect(input.passMark).toBeNull();
    expect(input.questions[0]).toMatchObject({ options: [{ correct: false }, { correct: false }] });
    const r = quizInput.safeParse(input);
    expect(r.success).toBe(false);
    const num = quizInputFromDraft({ passMark: '50', attempts: '', questions: [newQuestion('number', words)] });
    expect(num.questions[0]).toMatchObject({ answer: null, tolerance: 0 });
  });

  it('reads a stored quiz back into the form and out again unchanged', () => {
    const stored = {
      passMark: 60,
      maxAttempts: 2,
      questions: [
        {
          id: 'a1',
          type: 'multiple' as const,
          prompt: 'Even numbers',
          explanation: '',
          options: [
            { text: '2', correct: true },
            { text: '3', correct: false },
            { text: '4', correct: true },
          ],
        },
        { id: 'b2', type: 'number' as const, prompt: 'Pi', explanation: 'About 3.14', answer: 3.14, tolerance: 0.01 },
      ],
    };
    const draft = draftFromQuiz(stored);
    expect(draft.attempts).toBe('2');
    expect(draft.questions.map((q) => q.id)).toEqual(['a1', 'b2']);
    expect(quizInputFromDraft(draft)).toEqual(stored);
    expect(draftFromQuiz({ ...stored, maxAttempts: null }).attempts).toBe('');
  });

  it('marks one correct answer for single choice and true/false, toggles for multiple', () => {
    const single = newQuestion('single', words);
    expect(markCorrect(markCorrect(single, 0), 1).options.map((o) => o.correct)).toEqual([false, true]);
    const multiple = newQuestion('multiple', words);
    expect(markCorrect(markCorrect(multiple, 0), 1).options.map((o) => o.correct)).toEqual([true, true]);
    expect(markCorrect(markCorrect(multiple, 0), 0).options.map((o) => o.correct)).toEqual([false, false]);
  });

  it('changes a question type keeping its words and fitting its options', () => {
    let q = { ...newQuestion('multiple', words), prompt: 'Which?', explanation: 'Because' };
    q.options = [newOption('a', true), newOption('b', true), newOption('c')];
    const single = changeType(q, 'single', words);
    expect(single.options.map((o) => [o.text, o.correct])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    expect(single).toMatchObject({ key: q.key, prompt: 'Which?', explanation: 'Because' });
    const tf = changeType(q, 'trueFalse', words);
    expect(tf.options.map((o) => o.text)).toEqual(['Kweli', 'Si kweli']);
    q = { ...q, id: 'keep' };
    expect(changeType(q, 'number', words)).toMatchObject({ id: 'keep', options: [], answer: '' });
  });

  it('moves a question up or down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads which question a refusal names', () => {
    const r = refusedQuestions({
      'quiz.questions.1.options': 'Mark the correct answer of each choice question.',
      'quiz.questions.3': 'A true/false question has exactly 2 options.',
      'quiz.passMark': 'The pass mark must be a whole percent from 1 to 100.',
    });
    expect([...r]).toEqual([
      [1, 'Mark the correct answer of each choice question.'],
      [3, 'A true/false question has exactly 2 options.'],
    ]);
    expect(refusedQuestions(undefined).size).toBe(0);
  });

  it('reads typed numbers, blank as none', () => {
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('-0,5')).toBe(-0.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
    expect(emptyQuiz()).toEqual({ passMark: '70', attempts: '', questions: [] });
  });
});
