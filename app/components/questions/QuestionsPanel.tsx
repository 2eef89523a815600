import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '#app/i18n/useT.ts';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from '#common/questions/questionSchemas.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import type { QuestionView as Question } from '#app/server/learning.server.ts';
import { formatDuration } from '../../lib/format.ts';
import { refusal } from '../../lib/refusal.ts';
import type { PlayerHandle } from '../player/VideoPlayer.tsx';

const FAILED = 'Could not send. Please try again.';

type Status = { kind: 'ok' | 'error'; text: string } | null;

/** Sends one request of the discussion; a refusal throws the server's sentence (the catalogue id). */
async function send(path: string, method: 'POST' | 'PUT', json: unknown): Promise<void> {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  }).catch(() => null);
  if (!res) throw new Error(FAILED);
  if (!res.ok) throw new Error(await refusal(res, FAILED));
}

/** Runs a request, says how it went in `setStatus` (a success only when there is a `done` text), and reloads the page's questions after a success. */
function useAction(setStatus: (s: Status) => void) {
  const { t } = useT();
  const revalidator = useRevalidator();
  return async (request: () => Promise<void>, done: string | null): Promise<boolean> => {
    setStatus(null);
    try {
      await request();
    } catch (err) {
      setStatus({ kind: 'error', text: t(err instanceof Error ? err.message : FAILED) });
      return false;
    }
    if (done) setStatus({ kind: 'ok', text: t(done) });
    await revalidator.revalidate();
    return true;
  };
}

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role={status.kind === 'error' ? 'alert' : 'status'} className={`review-${status.kind}`}>
      {status.text}
    </p>
  );
}

/**
 * "Questions" under the episode: anyone with the course asks (at the video's moment, which they may leave
 * out), upvotes, answers and reports; the course's creator's answers are marked and come first. The server
 * decides who may; hidden items reach only admins, marked.
 */
export function QuestionsPanel(props: {
  episodeId: string;
  questions: Question[];
  /** The player's moment, for a question about a video; absent on a lesson with no clock (text). */
  positionNow?: () => number;
  player: React.RefObject<PlayerHandle | null>;
}) {
  const { episodeId, questions, positionNow, player } = props;
  const { t } = useT();
  const [body, setBody] = useState('');
  const [at, setAt] = useState<number | null>(null);
  const [atMoment, setAtMoment] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const act = useAction(setStatus);

  const capture = () => {
    if (at !== null || !positionNow) return;
    setAt(Math.floor(positionNow()));
    player.current?.pause();
  };

  const ask = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setStatus({ kind: 'error', text: t('Please write your question.') });
    setBusy(true);
    const atSeconds = atMoment && at !== null ? at : null;
    const ok = await act(() => send('/api/questions', 'POST', { episodeId, body, atSeconds }), 'questions.asked');
    setBusy(false);
    if (ok) {
      setBody('');
      setAt(null);
      setAtMoment(true);
    }
  };

  return (
    <section id="questions" className="questions" aria-labelledby="questions-title">
      <h2 id="questions-title">
        {t('questions.title')} <span className="questions-count">{questions.length}</span>
      </h2>
      <form className="notes-form" onSubmit={ask}>
        <label htmlFor="question-body">{t('questions.askLabel')}</label>
        <textarea
          id="question-body"
          value={body}
          rows={3}
          maxLength={QUESTION_MAX_CHARS}
          onFocus={capture}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {at !== null ? (
          <label className="questions-at">
            <input type="checkbox" checked={atMoment} onChange={(e) => setAtMoment(e.currentTarget.checked)} />
            {t('questions.atTime', { time: formatDuration(at) })}
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(busy ? 'questions.asking' : 'questions.ask')}
        </button>
        <StatusLine status={status} />
      </form>
      {questions.length === 0 ? (
        <p className="notes-empty">{t('questions.empty')}</p>
      ) : (
        <ul className="questions-list">
          {questions.map((q) => (
            <QuestionItem key={q.id} question={q} player={player} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QuestionItem({ question: q, player }: { question: Question; player: React.RefObject<PlayerHandle | null> }) {
  const { t, date } = useFormat();
  const [answering, setAnswering] = useState(false);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const act = useAction(setStatus);
  const report = (kind: 'question' | 'answer', itemId: string) =>
    void act(() => send('/api/questions/reports', 'POST', { kind, itemId }), 'questions.reported');

  const answer = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setStatus({ kind: 'error', text: t('Please write your answer.') });
    setBusy(true);
    const ok = await act(() => send(`/api/questions/${q.id}/answers`, 'POST', { body }), 'questions.answerPosted');
    setBusy(false);
    if (ok) {
      setBody('');
      setAnswering(false);
    }
  };

  const fieldId = `answer-${q.id}`;
  return (
    <li className="question" data-question-id={q.id}>
      <div className="question-head">
        <button
          type="button"
          className="question-vote"
          aria-pressed={q.voted}
          aria-label={t('questions.upvote', { count: q.votes })}
          onClick={() => void act(() => send(`/api/questions/${q.id}/vote`, 'PUT', { voted: !q.voted }), null)}
        >
          <span aria-hidden="true">▲</span>
          <span aria-hidden="true">{q.votes}</span>
        </button>
        <div className="question-main">
          <p className="question-body">
            {q.atSeconds !== null ? <AtTime seconds={q.atSeconds} player={player} /> : null}
            {q.body}
          </p>
          <p className="question-meta">
            {q.authorName} · <time dateTime={q.createdAt}>{date(q.createdAt)}</time>
            {q.hidden ? <span className="questions-hidden">{t('questions.hidden')}</span> : null}
          </p>
        </div>
      </div>
      {q.answers.length ? (
        <ul className="answers" aria-label={t('questions.answers', { count: q.answers.length })}>
          {q.answers.map((a) => (
            <li key={a.id} className={a.isCreator ? 'answer answer-creator' : 'answer'} data-answer-id={a.id}>
              <p className="question-meta">
                {a.authorName}
                {a.isCreator ? <span className="creator-badge">{t('questions.creator')}</span> : null}
                {a.hidden ? <span className="questions-hidden">{t('questions.hidden')}</span> : null} ·{' '}
                <time dateTime={a.createdAt}>{date(a.createdAt)}</time>
              </p>
              <p className="question-body">{a.body}</p>
              {a.mine ? null : (
                <button type="button" className="btn btn-ghost question-action" onClick={() => report('answer', a.id)}>
                  {t('questions.report')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="question-actions">
        <button
          type="button"
          className="btn btn-ghost question-action"
          aria-expanded={answering}
          aria-controls={fieldId}
          onClick={() => setAnswering(!answering)}
        >
          {t('questions.answer')}
        </button>
        {q.mine ? null : (
          <button type="button" className="btn btn-ghost question-action" onClick={() => report('question', q.id)}>
            {t('questions.report')}
          </button>
        )}
      </div>
      {answering ? (
        <form className="notes-form" onSubmit={answer}>
          <label htmlFor={fieldId}>{t('questions.answerLabel')}</label>
          <textarea
            id={fieldId}
            value={body}
            rows={3}
            maxLength={ANSWER_MAX_CHARS}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t(busy ? 'questions.posting' : 'questions.postAnswer')}
          </button>
        </form>
      ) : null}
      <StatusLine status={status} />
    </li>
  );
}

/** The question's moment: a button that plays the video from there. */
function AtTime({ seconds, player }: { seconds: number; player: React.RefObject<PlayerHandle | null> }) {
  const { t } = useT();
  const time = formatDuration(seconds);
  return (
    <button
      type="button"
      className="notes-time question-time"
      aria-label={t('notes.playFrom', { time })}
      onClick={() => player.current?.seek(seconds)}
    >
      {time}
    </button>
  );
}
