import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { LearnerQuiz, QuizAttemptView } from '#app/server/learning.server.ts';
import { refusal } from '../../lib/refusal.ts';
import { HAS_OFFLINE_FLAG, QUIZ_CHANGED } from '../../offline/offlineKeys.ts';
// Imported with the screen, not on demand: a chunk loaded on demand could not be fetched without the connection.
import {
  flushQuizAttempts,
  pendingQuizAttempts,
  type QuizAnswer,
  type QuizChange,
  queueQuizAttempt,
} from '../../offline/quizQueue.ts';

const FAILED = 'Your answers could not be saved. Please try again.';

/** An attempt's id, made here so an attempt made offline and sent twice is counted once (works over plain http too). */
function newAttemptId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => alphabet[b % 62]).join('');
}

/** The learner's answer to one question as the form holds it: chosen options, or the number as typed. */
type Draft = { choices: number[] } | { typed: string };

/** "3,5" or "3.5": a number; '' for nothing typed; null for something that is no number. */
function readNumber(typed: string): number | '' | null {
  const s = typed.trim().replace(',', '.');
  if (!s) return '';
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

type Phase =
  | { kind: 'answering' }
  | { kind: 'sending' }
  | { kind: 'saved'; attemptId: string }
  | { kind: 'scored'; view: QuizAttemptView };

interface Props {
  quiz: LearnerQuiz;
  /** Called once an attempt was scored: the page reloads its data (the lesson list's tick, the certificate). */
  onScored(): void;
  /** The learning page's "Next episode" link, shown once the quiz is passed. */
  next?: React.ReactNode;
}

/**
 * A quiz lesson on the learning page, in place of the player (decision 0058): every question at once, scored
 * on the server. Without a connection the attempt is kept on this phone under the id made here and scored
 * when the connection returns (app/offline/quizQueue.ts, sent with the notes and the progress).
 */
export function QuizLesson({ quiz, onScored, next }: Props) {
  const { t } = useT();
  const [answers, setAnswers] = useState<Record<string, Draft>>(() => draftsOf(quiz.lastAttempt?.questions ?? []));
  // Coming back to a quiz already answered: its newest attempt as it was scored (reload, another day, offline).
  const [phase, setPhase] = useState<Phase>(() =>
    quiz.lastAttempt ? { kind: 'scored', view: quiz.lastAttempt } : { kind: 'answering' },
  );
  const [error, setError] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const scoredRef = useRef(onScored);
  scoredRef.current = onScored;

  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  // An attempt kept on this phone (made offline, perhaps before a reload) shows as waiting, with its answers;
  // its score arrives when the queue sends it.
  useEffect(() => {
    if (!localStorage.getItem(HAS_OFFLINE_FLAG)) return;
    void pendingQuizAttempts(quiz.episodeId)
      .then((waiting) => {
        const last = waiting.at(-1);
        const now = phaseRef.current;
        const onArrival = now.kind === 'answering' || (now.kind === 'scored' && now.view === quiz.lastAttempt);
        if (!last || !onArrival) return;
        setAnswers(draftsOf(last.answers));
        setPhase({ kind: 'saved', attemptId: last.id });
      })
      .catch(() => {});
  }, [quiz.episodeId, quiz.lastAttempt]);

  useEffect(() => {
    const onChange = (e: Event) => {
      const change = (e as CustomEvent<QuizChange | null>).detail;
      const now = phaseRef.current;
      if (!change || now.kind !== 'saved' || change.attemptId !== now.attemptId) return;
      if (change.scored) {
        setPhase({ kind: 'scored', view: change.scored as QuizAttemptView });
        scoredRef.current();
      } else {
        setPhase({ kind: 'answering' });
        setError(change.refusal ?? FAILED);
      }
    };
    window.addEventListener(QUIZ_CHANGED, onChange);
    return () => window.removeEventListener(QUIZ_CHANGED, onChange);
  }, []);

  // Kept although the phone seemed online (the request failed on the way): tried again, less and less often.
  // Going offline and back is the app's own sync (app/offline/boot.ts).
  const savedId = phase.kind === 'saved' ? phase.attemptId : null;
  useEffect(() => {
    if (!savedId) return;
    let delay = 3000;
    let timer: ReturnType<typeof setTimeout>;
    const tryAgain = () => {
      timer = setTimeout(() => {
        if (navigator.onLine) void flushQuizAttempts().catch(() => {});
        delay = Math.min(delay * 2, 60_000);
        tryAgain();
      }, delay);
    };
    tryAgain();
    return () => clearTimeout(timer);
  }, [savedId]);

  // The result is announced (aria-live) and brought into view for the eye too; not the one shown on arrival.
  const arrived = useRef(true);
  useEffect(() => {
    const first = arrived.current;
    arrived.current = false;
    if (!first && (phase.kind === 'scored' || phase.kind === 'saved')) result.current?.focus();
  }, [phase.kind]);

  const locked = phase.kind !== 'answering';
  const outcome = phase.kind === 'scored' ? new Map(phase.view.questions.map((q) => [q.questionId, q])) : null;
  const pendingCount = phase.kind === 'saved' ? 1 : 0;
  const attemptsLeft =
    phase.kind === 'scored'
      ? phase.view.attemptsLeft
      : quiz.maxAttempts === null
        ? null
        : Math.max(0, quiz.maxAttempts - quiz.attemptsUsed - pendingCount);
  const passed = phase.kind === 'scored' ? phase.view.passed : false;
  const spent = attemptsLeft === 0;

  const choose = (questionId: string, option: number, multiple: boolean, on: boolean) =>
    setAnswers((a) => {
      const was = (a[questionId] as { choices?: number[] } | undefined)?.choices ?? [];
      const choices = multiple
        ? on
          ? [...was, option].sort((x, y) => x - y)
          : was.filter((c) => c !== option)
        : [option];
      return { ...a, [questionId]: { choices } };
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (locked) return;
    setError(null);
    const sent: QuizAnswer[] = [];
    for (const [i, q] of quiz.questions.entries()) {
      const draft = answers[q.id];
      const typed = draft && 'typed' in draft ? readNumber(draft.typed) : '';
      const chosen = draft && 'choices' in draft ? draft.choices : [];
      const missing = q.type === 'number' ? typed === '' : chosen.length === 0;
      if (missing || typed === null) {
        setError(t(missing ? 'quiz.answerEvery' : 'quiz.notANumber', { n: i + 1 }));
        document.getElementById(`quiz-q-${q.id}`)?.querySelector('input')?.focus();
        return;
      }
      sent.push(
        q.type === 'number' ? { questionId: q.id, number: typed as number } : { questionId: q.id, choices: chosen },
      );
    }
    const attempt = { attemptId: newAttemptId(), episodeId: quiz.episodeId, answers: sent };
    setPhase({ kind: 'sending' });
    try {
      const res = navigator.onLine
        ? await fetch('/api/learning/quiz-attempts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(attempt),
          }).catch(() => null)
        : null;
      // No connection: kept on this phone and sent, under the same id, when the connection is back.
      if (!res) {
        if (!(await queueQuizAttempt({ id: attempt.attemptId, episodeId: quiz.episodeId, answers: sent })))
          throw new Error(FAILED);
        setPhase({ kind: 'saved', attemptId: attempt.attemptId });
        return;
      }
      if (!res.ok) throw new Error(await refusal(res, FAILED));
      setPhase({ kind: 'scored', view: (await res.json()) as QuizAttemptView });
      onScored();
    } catch (err) {
      setPhase({ kind: 'answering' });
      setError(err instanceof Error ? err.message : FAILED);
    }
  };

  const tryAgain = () => {
    setAnswers({});
    setError(null);
    setPhase({ kind: 'answering' });
    document.getElementById('quiz-h')?.scrollIntoView({ block: 'start' });
  };

  const correctAnswer = (q: LearnerQuiz['questions'][number]) => {
    const o = outcome?.get(q.id);
    if (!o) return '';
    if ('correctNumber' in o)
      return o.tolerance > 0 ? `${o.correctNumber} (± ${o.tolerance})` : String(o.correctNumber);
    return o.correctChoices.map((i) => q.options[i]).join(', ');
  };

  return (
    <section className="quiz" aria-labelledby="quiz-h">
      <h2 id="quiz-h">{t('quiz.title')}</h2>
      <p className="quiz-rules">
        <span>{t('quiz.passMark', { mark: quiz.passMark })}</span>
        <span>{attemptsLeft === null ? t('quiz.unlimited') : t('quiz.attemptsLeft', { count: attemptsLeft })}</span>
        <span>{t('quiz.questionCount', { count: quiz.questions.length })}</span>
      </p>
      {quiz.passed && !(phase.kind === 'scored' && phase.view.passed) ? (
        <p className="quiz-passed-before">✓ {t('quiz.passedBefore', { score: quiz.bestScore ?? 0 })}</p>
      ) : null}
      <form className="quiz-form" onSubmit={submit} noValidate>
        {quiz.questions.map((q, i) => {
          const o = outcome?.get(q.id);
          const draft = answers[q.id];
          const chosen = draft && 'choices' in draft ? draft.choices : [];
          const multiple = q.type === 'multiple';
          return (
            <fieldset
              key={q.id}
              id={`quiz-q-${q.id}`}
              className={`quiz-q${o ? (o.correct ? ' right' : ' wrong') : ''}`}
              aria-describedby={multiple ? `quiz-hint-${q.id}` : undefined}
            >
              <legend>
                <span className="quiz-q-no">{t('quiz.questionNo', { n: i + 1 })}</span> {q.prompt}
              </legend>
              {multiple ? (
                <p className="quiz-hint" id={`quiz-hint-${q.id}`}>
                  {t('quiz.chooseAll')}
                </p>
              ) : null}
              {q.type === 'number' ? (
                <label className="quiz-number-answer">
                  {t('quiz.yourNumber')}
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft && 'typed' in draft ? draft.typed : ''}
                    disabled={locked}
                    onChange={(e) => {
                      const typed = e.currentTarget.value;
                      setAnswers((a) => ({ ...a, [q.id]: { typed } }));
                    }}
                  />
                </label>
              ) : (
                q.options.map((text, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place (answers name options by index)
                  <label key={j} className="quiz-choice">
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`q-${q.id}`}
                      value={j}
                      checked={chosen.includes(j)}
                      disabled={locked}
                      onChange={(e) => choose(q.id, j, multiple, e.currentTarget.checked)}
                    />
                    <span>{text}</span>
                  </label>
                ))
              )}
              {o ? (
                <div className="quiz-outcome">
                  <p className="quiz-verdict">{o.correct ? `✓ ${t('quiz.right')}` : `✗ ${t('quiz.wrong')}`}</p>
                  {o.correct ? null : <p>{t('quiz.correctAnswer', { answer: correctAnswer(q) })}</p>}
                  {o.explanation ? <p className="quiz-explanation">{o.explanation}</p> : null}
                </div>
              ) : null}
            </fieldset>
          );
        })}
        {error ? (
          <p className="quiz-error" role="alert">
            {t(error)}
          </p>
        ) : null}
        <div className="quiz-result" ref={result} tabIndex={-1} aria-live="polite">
          {phase.kind === 'saved' ? <p className="quiz-saved">{t('quiz.savedOnPhone')}</p> : null}
          {phase.kind === 'scored' ? (
            <>
              <p className={`quiz-score ${passed ? 'passed' : 'failed'}`}>
                {passed
                  ? t('quiz.resultPassed', { score: phase.view.score })
                  : t('quiz.resultFailed', { score: phase.view.score, mark: quiz.passMark })}
              </p>
              <p>
                {t('quiz.rightCount', {
                  right: phase.view.questions.filter((q) => q.correct).length,
                  count: phase.view.questions.length,
                })}
              </p>
            </>
          ) : null}
        </div>
        <div className="quiz-actions">
          {phase.kind === 'answering' || phase.kind === 'sending' ? (
            <button type="submit" className="btn btn-primary" disabled={phase.kind === 'sending' || spent}>
              {phase.kind === 'sending' ? t('quiz.sending') : t('quiz.submit')}
            </button>
          ) : null}
          {phase.kind === 'scored' && !passed && !spent ? (
            <button type="button" className="btn btn-light" onClick={tryAgain}>
              {t('quiz.tryAgain')}
            </button>
          ) : null}
          {spent && !passed && phase.kind !== 'saved' ? (
            <p className="quiz-spent">{t('You have used all your attempts at this quiz.')}</p>
          ) : null}
          {passed || (quiz.passed && phase.kind === 'answering') ? next : null}
        </div>
      </form>
    </section>
  );
}

function draftsOf(answers: QuizAnswer[]): Record<string, Draft> {
  return Object.fromEntries(
    answers.map((a) => [
      a.questionId,
      a.number === undefined ? { choices: a.choices ?? [] } : { typed: String(a.number) },
    ]),
  );
}
