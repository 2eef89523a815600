import { useEffect, useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { QUESTION_TYPES, QUIZ_LIMITS, type QuestionType } from '#common/studio/quizSchema.ts';
import {
  canAddOption,
  canRemoveOption,
  changeType,
  markCorrect,
  moveItem,
  newOption,
  newQuestion,
  type QuestionDraft,
  type QuizDraft,
  type TrueFalseWords,
} from './quizForm.ts';

interface Props {
  value: QuizDraft;
  onChange(quiz: QuizDraft): void;
  /** The server's refusal per question (by its place in the list as sent). */
  errors: Map<number, string>;
}

const ATTEMPTS = Array.from({ length: QUIZ_LIMITS.maxAttempts }, (_, i) => String(i + 1));

/**
 * A quiz lesson's content (issue 26, decision 0059): pass mark, attempts, and its questions, each with its
 * type, text, options and their correct marks (or a number and its tolerance), and an explanation. One
 * column on a phone; every control is a native one, so it works with touch, a keyboard and a screen reader.
 */
export function QuizField({ value, onChange, errors }: Props) {
  const { t } = useT();
  const id = useId();
  const words: TrueFalseWords = { true: t('studio.quiz.true'), false: t('studio.quiz.false') };
  // After a move, focus stays on the moved question's button (or its other one, at either end).
  const [focus, setFocus] = useState<{ key: string; by: -1 | 1 } | null>(null);
  const [moved, setMoved] = useState('');

  useEffect(() => {
    if (!focus) return;
    const button = (by: number) => document.getElementById(`${id}-${focus.key}-${by < 0 ? 'up' : 'down'}`);
    const target = button(focus.by) as HTMLButtonElement | null;
    (target && !target.disabled ? target : button(-focus.by))?.focus();
    setFocus(null);
  }, [focus, id]);

  const questions = value.questions;
  const setQuestions = (qs: QuestionDraft[]) => onChange({ ...value, questions: qs });
  const setQuestion = (index: number, q: QuestionDraft) => setQuestions(questions.map((x, i) => (i === index ? q : x)));

  function move(index: number, by: -1 | 1) {
    const q = questions[index]!;
    setQuestions(moveItem(questions, index, by));
    setFocus({ key: q.key, by });
    setMoved(t('studio.quiz.moved', { n: index + 1 + by }));
  }

  return (
    <fieldset className="field quiz-field">
      <legend className="field-label">{t('studio.quiz.title')}</legend>
      <div className="quiz-settings">
        <label className="field">
          <span className="field-label">{t('studio.quiz.passMark')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={value.passMark}
            onChange={(e) => onChange({ ...value, passMark: e.target.value })}
            name="quizPassMark"
          />
        </label>
        <label className="field">
          <span className="field-label">{t('studio.quiz.attempts')}</span>
          <select
            value={value.attempts}
            onChange={(e) => onChange({ ...value, attempts: e.target.value })}
            name="quizAttempts"
          >
            <option value="">{t('studio.quiz.unlimited')}</option>
            {ATTEMPTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {questions.length === 0 ? <p className="field-hint">{t('studio.quiz.noQuestions')}</p> : null}
      <ol className="quiz-questions">
        {questions.map((q, i) => (
          <QuestionEditor
            key={q.key}
            id={`${id}-${q.key}`}
            index={i}
            count={questions.length}
            question={q}
            error={errors.get(i)}
            words={words}
            onChange={(next) => setQuestion(i, next)}
            onMove={(by) => move(i, by)}
            onRemove={() => setQuestions(questions.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <p className="sr-only" role="status" aria-live="polite">
        {moved}
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-small quiz-add"
        disabled={questions.length >= QUIZ_LIMITS.questions}
        onClick={() => setQuestions([...questions, newQuestion('single', words)])}
      >
        + {t('studio.quiz.addQuestion')}
      </button>
    </fieldset>
  );
}

function QuestionEditor({
  id,
  index,
  count,
  question: q,
  error,
  words,
  onChange,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  count: number;
  question: QuestionDraft;
  error: string | undefined;
  words: TrueFalseWords;
  onChange(q: QuestionDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { t } = useT();
  const n = index + 1;
  const multiple = q.type === 'multiple';
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...q, ...patch });

  return (
    <li className="quiz-question" aria-labelledby={`${id}-h`} aria-describedby={error ? `${id}-err` : undefined}>
      <h4 id={`${id}-h`}>{t('studio.quiz.question', { n })}</h4>
      {error ? (
        <p id={`${id}-err`} className="form-message error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <label className="field">
        <span className="field-label">{t('studio.quiz.type')}</span>
        <select value={q.type} onChange={(e) => onChange(changeType(q, e.target.value as QuestionType, words))}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`studio.quiz.type.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('studio.quiz.prompt')}</span>
        <textarea
          value={q.prompt}
          onChange={(e) => set({ prompt: e.target.value })}
          maxLength={QUIZ_LIMITS.prompt}
          rows={2}
        />
      </label>
      {q.type === 'number' ? (
        <div className="quiz-number">
          <label className="field">
            <span className="field-label">{t('studio.quiz.answer')}</span>
            <input type="number" step="any" value={q.answer} onChange={(e) => set({ answer: e.target.value })} />
          </label>
          <div className="field">
            <label className="field">
              <span className="field-label">{t('studio.quiz.tolerance')}</span>
              <input
                type="number"
                step="any"
                min={0}
                value={q.tolerance}
                onChange={(e) => set({ tolerance: e.target.value })}
                aria-describedby={`${id}-tol`}
              />
            </label>
            <span id={`${id}-tol`} className="field-hint">
              {t('studio.quiz.toleranceHint')}
            </span>
          </div>
        </div>
      ) : (
        <fieldset className="quiz-options">
          <legend className="field-label">
            {multiple ? t('studio.quiz.optionsMultiple') : t('studio.quiz.optionsOne')}
          </legend>
          <ul>
            {q.options.map((o, j) => (
              <li key={o.key} className="quiz-option">
                <label className="quiz-correct">
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={`${id}-correct`}
                    checked={o.correct}
                    onChange={() => onChange(markCorrect(q, j))}
                  />
                  {t('studio.quiz.correct')}
                  <span className="sr-only"> ({t('studio.quiz.option', { n: j + 1 })})</span>
                </label>
                <input
                  className="quiz-option-text"
                  value={o.text}
                  aria-label={t('studio.quiz.option', { n: j + 1 })}
                  maxLength={QUIZ_LIMITS.option}
                  onChange={(e) =>
                    set({ options: q.options.map((x, k) => (k === j ? { ...x, text: e.target.value } : x)) })
                  }
                />
                {canRemoveOption(q) ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={t('studio.quiz.removeOption', { n: j + 1 })}
                    onClick={() => set({ options: q.options.filter((_, k) => k !== j) })}
                  >
                    ✕
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {canAddOption(q) ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => set({ options: [...q.options, newOption()] })}
            >
              + {t('studio.quiz.addOption')}
            </button>
          ) : null}
        </fieldset>
      )}
      <label className="field">
        <span className="field-label">{t('studio.quiz.explanation')}</span>
        <textarea
          value={q.explanation}
          onChange={(e) => set({ explanation: e.target.value })}
          maxLength={QUIZ_LIMITS.explanation}
          rows={2}
        />
      </label>
      <div className="quiz-question-actions">
        <button
          id={`${id}-up`}
          type="button"
          className="btn btn-ghost btn-small"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('studio.quiz.moveUpOf', { n })}
        >
          ↑ {t('studio.quiz.moveUp')}
        </button>
        <button
          id={`${id}-down`}
          type="button"
          className="btn btn-ghost btn-small"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('studio.quiz.moveDownOf', { n })}
        >
          ↓ {t('studio.quiz.moveDown')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small danger"
          onClick={onRemove}
          aria-label={t('studio.quiz.removeQuestionOf', { n })}
        >
          {t('studio.quiz.removeQuestion')}
        </button>
      </div>
    </li>
  );
}
