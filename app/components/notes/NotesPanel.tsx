import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useT } from '#app/i18n/useT.ts';
import { NOTE_MAX_CHARS } from '#common/learning/noteLimits.ts';
import type { NoteView as Note } from '#app/server/learning.server.ts';
import { formatDuration } from '../../lib/format.ts';
import { PLAY_INTENT } from '../../lib/playIntent.ts';
import { refusal } from '../../lib/refusal.ts';
import type { PlayerHandle } from '../player/VideoPlayer.tsx';
import { HAS_OFFLINE_FLAG, NOTES_CHANGED } from '../../offline/offlineKeys.ts';
// Imported with the panel, not on demand: a chunk loaded on demand could not be fetched without the connection.
import { forgetNote, type PendingNote, pendingNotes, queueNote } from '../../offline/notesQueue.ts';

/** A note's id, made here so a note written offline and sent twice is kept once (works over plain http too). */
function newNoteId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => alphabet[b % 62]).join('');
}

const FAILED = 'Could not save your note. Please try again.';

/**
 * "My notes": private notes at moments of the course's episodes. The note box takes the moment the learner
 * starts writing (and pauses the video, as a phone's keyboard covers it); a note's time plays from there,
 * in this episode or by opening its own.
 */
export function NotesPanel(props: {
  courseId: string;
  current: { id: string; order: number };
  episodes: { order: number; title: string }[];
  notes: Note[];
  positionNow: () => number;
  player: React.RefObject<PlayerHandle | null>;
}) {
  const { courseId, current, episodes, notes, positionNow, player } = props;
  const { t } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [body, setBody] = useState('');
  const [at, setAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const moment = at ?? 0;
  // Notes written without a connection, waiting on this phone to be sent (app/offline/notesQueue.ts).
  const [pending, setPending] = useState<PendingNote[]>([]);

  const shown = useRef(pending);
  shown.current = pending;
  // The revalidator changes with every revalidation; the queue is read again only when it changes.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const loadPending = useCallback(async () => {
    if (!localStorage.getItem(HAS_OFFLINE_FLAG)) return;
    const waiting = await pendingNotes(courseId);
    // One that left the queue while online was sent: the page's notes now have it.
    const sent = shown.current.some((p) => !waiting.some((w) => w.id === p.id));
    setPending(waiting);
    if (sent && navigator.onLine) void revalidate.current();
  }, [courseId]);

  useEffect(() => {
    void loadPending().catch(() => {});
    const onChange = () => void loadPending().catch(() => {});
    window.addEventListener(NOTES_CHANGED, onChange);
    return () => window.removeEventListener(NOTES_CHANGED, onChange);
  }, [loadPending]);

  const capture = () => {
    if (at !== null) return;
    setAt(positionNow());
    player.current?.pause();
  };

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setStatus({ kind: 'error', text: t('Please write your note.') });
    setBusy(true);
    setStatus(null);
    const note = { id: newNoteId(), episodeId: current.id, position: moment, body };
    try {
      const res = navigator.onLine
        ? await fetch('/api/learning/notes', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(note),
          }).catch(() => null)
        : null;
      // No connection: kept on this phone and sent, under the same id, when the connection is back.
      if (!res) {
        if (!(await queueNote({ ...note, courseId, order: current.order }))) throw new Error(FAILED);
        setBody('');
        setAt(null);
        setStatus({ kind: 'ok', text: t('notes.savedOnPhone') });
        return;
      }
      if (!res.ok) throw new Error(await refusal(res, FAILED));
      setBody('');
      setAt(null);
      setStatus({ kind: 'ok', text: t('notes.saved') });
      await revalidator.revalidate();
    } catch (err) {
      setStatus({ kind: 'error', text: t(err instanceof Error ? err.message : FAILED) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (note: Note) => {
    setStatus(null);
    if (pending.some((p) => p.id === note.id)) {
      await forgetNote(note.id);
      return setStatus({ kind: 'ok', text: t('notes.deleted') });
    }
    const res = await fetch(`/api/learning/notes/${note.id}`, { method: 'DELETE' }).catch(() => null);
    if (!res?.ok && res?.status !== 404) return setStatus({ kind: 'error', text: t('notes.deleteFailed') });
    setStatus({ kind: 'ok', text: t('notes.deleted') });
    await revalidator.revalidate();
  };

  const playFrom = (note: Note) => {
    if (note.episodeId === current.id) player.current?.seek(note.position);
    else void navigate(`/learn/${courseId}/${note.order}`, { state: { ...PLAY_INTENT, startAt: note.position } });
  };

  const titles = new Map(episodes.map((e) => [e.order, e.title]));
  const waiting = new Set(pending.map((p) => p.id));
  const all: Note[] = [
    ...notes.filter((n) => !waiting.has(n.id)),
    ...pending.map((p) => ({ ...p, createdAt: '' })),
  ].sort((a, b) => a.order - b.order || a.position - b.position);
  const byEpisode = new Map<number, Note[]>();
  for (const n of all) byEpisode.set(n.order, [...(byEpisode.get(n.order) ?? []), n]);

  return (
    <section className="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t('notes.title')}</h2>
      <form className="notes-form" onSubmit={add}>
        <label htmlFor="note-body">
          {at === null ? t('notes.addHint') : t('notes.addAt', { time: formatDuration(moment) })}
        </label>
        <textarea
          id="note-body"
          value={body}
          rows={3}
          maxLength={NOTE_MAX_CHARS}
          onFocus={capture}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(busy ? 'notes.saving' : 'notes.save')}
        </button>
        {status ? (
          <p role={status.kind === 'error' ? 'alert' : 'status'} className={`review-${status.kind}`}>
            {status.text}
          </p>
        ) : null}
      </form>
      {all.length === 0 ? (
        <p className="notes-empty">{t('notes.empty')}</p>
      ) : (
        [...byEpisode].map(([order, list]) => (
          <div key={order} className="notes-episode">
            <h3>
              {order}. {titles.get(order)}
            </h3>
            <ul>
              {list.map((n) => {
                const time = formatDuration(n.position);
                return (
                  <li key={n.id}>
                    <button
                      type="button"
                      className="notes-time"
                      aria-label={t('notes.playFrom', { time })}
                      onClick={() => playFrom(n)}
                    >
                      {time}
                    </button>
                    <p className="notes-body">
                      {n.body}
                      {waiting.has(n.id) ? <span className="notes-pending">{t('notes.pending')}</span> : null}
                    </p>
                    <button
                      type="button"
                      className="btn btn-ghost notes-delete"
                      aria-label={t('notes.deleteAt', { time })}
                      onClick={() => void remove(n)}
                    >
                      {t('notes.delete')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
