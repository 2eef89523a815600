// The studio's quiz form as plain data (issue 26, decision 0059): what the creator types (strings, so a
// half-typed number is kept as typed), to and from the quiz the lesson form sends (`quizInput`,
// common/studio/quizSchema.ts). The server checks everything; this only maps, so every refusal is the
// server's own words.
import { QUIZ_LIMITS, type QuestionType, type QuizInput, type QuizQuestion } from '#common/studio/quizSchema.ts';

export interface OptionDraft {
  /** React's key, never sent. */
  key: string;
  text: string;
  correct: boolean;
}

export interface QuestionDraft {
  key: string;
  /** The stored question's id, sent back so attempts and analytics keep naming it; none for a new one. */
  id?: string;
  type: QuestionType;
  prompt: string;
  explanation: string;
  /** Choice questions (true/false: exactly two). */
  options: OptionDraft[];
  /** Number questions, as typed. */
  answer: string;
  tolerance: string;
}

export interface QuizDraft {
  passMark: string;
  /** '' is unlimited, else '1'–'10'. */
  attempts: string;
  questions: QuestionDraft[];
}

let counter = 0;
const key = () => `k${++counter}`;

/** The two options of a new true/false question, in the creator's language (they may reword them). */
export interface TrueFalseWords {
  true: string;
  false: string;
}

export function newOption(text = '', correct = false): OptionDraft {
  return { key: key(), text, correct };
}

export function newQuestion(type: QuestionType, words: TrueFalseWords): QuestionDraft {
  const options =
    type === 'trueFalse'
      ? [newOption(words.true), newOption(words.false)]
      : type === 'number'
        ? []
        : [newOption(), newOption()];
  return { key: key(), type, prompt: '', explanation: '', options, answer: '', tolerance: '' };
}

/** A question switched to another type keeps its words; its options fit the new type. */
export function changeType(q: QuestionDraft, type: QuestionType, words: TrueFalseWords): QuestionDraft {
  if (type === q.type) return q;
  const fresh = newQuestion(type, words);
  let options = fresh.options;
  if (type === 'single' || type === 'multiple') {
    // Keep the typed options (a single-choice question keeps only the first correct mark).
    const typed = q.type === 'number' ? [] : q.options;
    options = typed.length >= 2 ? typed : fresh.options;
    if (type === 'single') {
      let seen = false;
      options = options.map((o) => {
        const correct = o.correct && !seen;
        seen ||= o.correct;
        return { ...o, correct };
      });
    }
  }
  return { ...fresh, key: q.key, id: q.id, prompt: q.prompt, explanation: q.explanation, options };
}

export function emptyQuiz(): QuizDraft {
  return { passMark: '70', attempts: '', questions: [] };
}

/** The saved quiz, as the editor shows it (its question ids kept). */
export function draftFromQuiz(quiz: {
  passMark: number;
  maxAttempts: number | null;
  questions: QuizQuestion[];
}): QuizDraft {
  return {
    passMark: String(quiz.passMark),
    attempts: quiz.maxAttempts === null ? '' : String(quiz.maxAttempts),
    questions: quiz.questions.map((q) => ({
      key: key(),
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      explanation: q.explanation,
      options: q.type === 'number' ? [] : q.options.map((o) => newOption(o.text, o.correct)),
      answer: q.type === 'number' ? String(q.answer) : '',
      tolerance: q.type === 'number' && q.tolerance ? String(q.tolerance) : '',
    })),
  };
}

/** A typed number: '' is none (null, which the server refuses where a number is needed); "2,5" is 2.5. */
export function parseNumber(typed: string): number | null {
  const s = typed.trim().replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * The quiz the lesson form sends. Nothing is dropped or fixed up: what cannot be right (a blank pass
 * mark, a question with no correct answer) goes as it is and the server's refusal says what to change.
 */
export function quizInputFromDraft(d: QuizDraft): QuizInput {
  return {
    passMark: parseNumber(d.passMark) as number,
    maxAttempts: d.attempts === '' ? null : (parseNumber(d.attempts) as number),
    questions: d.questions.map((q) => {
      const common = { ...(q.id ? { id: q.id } : {}), prompt: q.prompt, explanation: q.explanation };
      if (q.type === 'number')
        return {
          ...common,
          type: 'number' as const,
          answer: parseNumber(q.answer) as number,
          tolerance: q.tolerance.trim() === '' ? 0 : (parseNumber(q.tolerance) as number),
        };
      return { ...common, type: q.type, options: q.options.map((o) => ({ text: o.text, correct: o.correct })) };
    }),
  };
}

/** The list with item `index` moved one place up (-1) or down (1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Marks option `index` correct: the only one for single choice and true/false, toggled for multiple. */
export function markCorrect(q: QuestionDraft, index: number): QuestionDraft {
  return {
    ...q,
    options: q.options.map((o, i) =>
      q.type === 'multiple' ? (i === index ? { ...o, correct: !o.correct } : o) : { ...o, correct: i === index },
    ),
  };
}

export const canAddOption = (q: QuestionDraft) =>
  (q.type === 'single' || q.type === 'multiple') && q.options.length < QUIZ_LIMITS.options;
export const canRemoveOption = (q: QuestionDraft) =>
  (q.type === 'single' || q.type === 'multiple') && q.options.length > 2;

/**
 * Which question a server refusal is about, from its details (`quiz.questions.<n>…` → n), so the form
 * can say it beside that question too.
 */
export function refusedQuestions(details: Record<string, string> | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const [path, message] of Object.entries(details ?? {})) {
    const m = /^quiz\.questions\.(\d+)(\.|$)/.exec(path);
    if (m && !out.has(Number(m[1]))) out.set(Number(m[1]), message);
  }
  return out;
}
