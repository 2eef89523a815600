import '#app/styles/quizMisses.css';
import { useT } from '#app/i18n/useT.ts';
import { formatNumber } from '#common/i18n/formatting.ts';
import type { MissedQuestion } from '#app/server/analytics.server.ts';

/** Shown at first; the rest of a quiz's questions open on demand (a quiz has up to 50). */
const TOP = 5;

/**
 * The creator's analytics: per quiz lesson, the questions its learners miss most (issue 26, decision
 * 0059) — the question, the share of learners whose latest attempt got it wrong, and how many answered it.
 * Nothing when the course has no quiz; "No quiz answers yet" until a learner has answered one.
 */
export function QuizMisses({ questions }: { questions: MissedQuestion[] }) {
  const { t, locale } = useT();
  if (questions.length === 0) return null;
  const answered = questions.filter((q) => q.learners > 0);
  // One group per quiz, the quiz with the most-missed question first (the list comes most-missed first).
  const quizzes = new Map<string, { title: string; questions: MissedQuestion[] }>();
  for (const q of answered) {
    const quiz = quizzes.get(q.episodeId) ?? { title: q.lessonTitle, questions: [] };
    quiz.questions.push(q);
    quizzes.set(q.episodeId, quiz);
  }
  const item = (q: MissedQuestion) => (
    <li key={q.questionId} className="quiz-miss">
      <p className="quiz-miss-prompt">{q.prompt}</p>
      <div className="quiz-miss-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, q.missedPct)}%` }} />
      </div>
      <p className="quiz-miss-figures">
        <strong>{t('studio.analytics.missed', { n: formatNumber(q.missedPct, locale) })}</strong>
        <span>{t('studio.analytics.learners', { count: q.learners })}</span>
      </p>
    </li>
  );
  return (
    <section className="quiz-misses" aria-labelledby="quiz-misses-heading">
      <h2 id="quiz-misses-heading">{t('studio.analytics.quizzes')}</h2>
      {answered.length === 0 ? (
        <p className="empty-hint">{t('studio.analytics.noQuizAnswers')}</p>
      ) : (
        [...quizzes].map(([id, quiz]) => (
          <article key={id} className="quiz-misses-quiz" aria-labelledby={`quiz-misses-${id}`}>
            <h3 id={`quiz-misses-${id}`}>{quiz.title}</h3>
            <ol className="quiz-miss-list">{quiz.questions.slice(0, TOP).map(item)}</ol>
            {quiz.questions.length > TOP ? (
              <details>
                <summary>{t('studio.analytics.moreQuestions', { count: quiz.questions.length - TOP })}</summary>
                <ol className="quiz-miss-list" start={TOP + 1}>
                  {quiz.questions.slice(TOP).map(item)}
                </ol>
              </details>
            ) : null}
          </article>
        ))
      )}
    </section>
  );
}
