import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '#app/i18n/useT.ts';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from '#common/questions/questionLimits.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import type { AnswerView as Answer, QuestionView as Question } from '#app/server/learning.server.ts';
import { formatDuration } from '../../lib/format.ts';
import { refusal } from '../../lib/refusal.ts';
import type { PlayerHandle } from '../player/VideoPlayer.tsx';

const FAILED = 'Could not send. Please try again.';

type Status = { kind: 'ok' | 'error'; text: string } | null;

/** Sends one request of the discussion; a refusal throws the server's sentence (the catalogue id). */
async function send(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', json?: unknown): Promise<void> {
  const res = await fetch(path, {
    method,
    ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
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
 * out), upvotes, answers and reports; the course's creator's answers are marked and come first; authors edit
 * ("Edited" shows) and delete their own. The server decides who may; hidden items reach only admins, marked.
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
            <QuestionItem key={q.id} question={q} player={player} announce={setStatus} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QuestionItem({
  question: q,
  player,
  announce,
}: {
  question: Question;
  player: React.RefObject<PlayerHandle | null>;
  /** The panel's status line: says a deleted question went (its own line goes with it). */
  announce: (s: Status) => void;
}) {
  const { t, date } = useFormat();
  const [answering, setAnswering] = useState(false);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const act = useAction(setStatus);
  const own = useOwnItem({ kind: 'question', id: q.id, body: q.body, setStatus, announceDeleted: announce });
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
            <Edited at={q.editedAt} />
            {q.hidden ? <span className="questions-hidden">{t('questions.hidden')}</span> : null}
          </p>
        </div>
      </div>
      {q.answers.length ? (
        <ul className="answers" aria-label={t('questions.answers', { count: q.answers.length })}>
          {q.answers.map((a) => (
            <AnswerItem key={a.id} answer={a} onReport={() => report('answer', a.id)} setStatus={setStatus} />
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
        {q.mine ? (
          own.buttons
        ) : (
          <button type="button" className="btn btn-ghost question-action" onClick={() => report('question', q.id)}>
            {t('questions.report')}
          </button>
        )}
      </div>
      {own.form}
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

function AnswerItem({
  answer: a,
  onReport,
  setStatus,
}: {
  answer: Answer;
  onReport: () => void;
  setStatus: (s: Status) => void;
}) {
  const { t, date } = useFormat();
  const own = useOwnItem({ kind: 'answer', id: a.id, body: a.body, setStatus, announceDeleted: setStatus });
  return (
    <li className={a.isCreator ? 'answer answer-creator' : 'answer'} data-answer-id={a.id}>
      <p className="question-meta">
        {a.authorName}
        {a.isCreator ? <span className="creator-badge">{t('questions.creator')}</span> : null}
        {a.hidden ? <span className="questions-hidden">{t('questions.hidden')}</span> : null} ·{' '}
        <time dateTime={a.createdAt}>{date(a.createdAt)}</time>
        <Edited at={a.editedAt} />
      </p>
      <p className="question-body">{a.body}</p>
      {a.mine ? (
        <div className="question-actions">{own.buttons}</div>
      ) : (
        <button type="button" className="btn btn-ghost question-action" onClick={onReport}>
          {t('questions.report')}
        </button>
      )}
      {own.form}
    </li>
  );
}

/** "Edited", after the date of a question or an answer its author changed (when, on hover). */
function Edited({ at }: { at: string | null }) {
  const { t, date } = useFormat();
  if (!at) return null;
  return (
    <span className="question-edited" title={date(at)}>
      · {t('questions.edited')}
    </span>
  );
}

/**
 * Its author's "Edit" and "Delete" for a question or an answer (`buttons`), and the form that rewords it
 * (`form`, while editing). Deleting asks first; a question goes with its answers and votes.
 */
function useOwnItem({
  kind,
  id,
  body,
  setStatus,
  announceDeleted,
}: {
  kind: 'question' | 'answer';
  id: string;
  body: string;
  setStatus: (s: Status) => void;
  announceDeleted: (s: Status) => void;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(body);
  const [busy, setBusy] = useState(false);
  const act = useAction(setStatus);
  const actDelete = useAction(announceDeleted);
  const path = kind === 'question' ? `/api/questions/${id}` : `/api/questions/answers/${id}`;
  const fieldId = `edit-${id}`;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const empty = kind === 'question' ? 'Please write your question.' : 'Please write your answer.';
    if (!draft.trim()) return setStatus({ kind: 'error', text: t(empty) });
    setBusy(true);
    const ok = await act(() => send(path, 'PATCH', { body: draft }), 'questions.saved');
    setBusy(false);
    if (ok) setEditing(false);
  };
  const remove = () => {
    const sure = kind === 'question' ? 'questions.confirmDeleteQuestion' : 'questions.confirmDeleteAnswer';
    if (!window.confirm(t(sure))) return;
    const done = kind === 'question' ? 'questions.deletedQuestion' : 'questions.deletedAnswer';
    void actDelete(() => send(path, 'DELETE'), done);
  };

  const buttons = (
    <>
      <button
        type="button"
        className="btn btn-ghost question-action"
        aria-expanded={editing}
        aria-controls={fieldId}
        onClick={() => {
          setDraft(body);
          setEditing(!editing);
        }}
      >
        {t('questions.edit')}
      </button>
      <button type="button" className="btn btn-ghost question-action" onClick={remove}>
        {t('questions.delete')}
      </button>
    </>
  );
  const form = editing ? (
    <form className="notes-form" onSubmit={save}>
      <label htmlFor={fieldId}>{t(kind === 'question' ? 'questions.editQuestion' : 'questions.editAnswer')}</label>
      <textarea
        id={fieldId}
        value={draft}
        rows={3}
        maxLength={kind === 'question' ? QUESTION_MAX_CHARS : ANSWER_MAX_CHARS}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
      <div className="question-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(busy ? 'questions.saving' : 'questions.save')}
        </button>
        <button type="button" className="btn btn-ghost question-action" onClick={() => setEditing(false)}>
          {t('questions.cancel')}
        </button>
      </div>
    </form>
  ) : null;
  return { buttons, form };
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
