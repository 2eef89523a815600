// Notes written without a connection, kept on the device (IndexedDB) until the server has them. Each has
// the id the device gave it, so one sent twice (the connection dropped before the answer) is stored once
// (server/modules/learning/notes/addNote.ts). They belong to the account that wrote them and are sent only
// while it is signed in.
import { deliverQueued, offlineTx } from './offlineDb.ts';
import { currentUserKey, HAS_OFFLINE_FLAG, NOTES_CHANGED } from './offlineKeys.ts';

export interface PendingNote {
  id: string;
  userKey: string;
  courseId: string;
  episodeId: string;
  /** The episode's number in its course, for listing it with the kept notes. */
  order: number;
  position: number;
  body: string;
}

export async function queueNote(note: Omit<PendingNote, 'userKey'>): Promise<boolean> {
  const userKey = currentUserKey();
  if (!userKey) return false;
  await offlineTx('notes', 'readwrite', (s) => s.put({ ...note, userKey } satisfies PendingNote));
  localStorage.setItem(HAS_OFFLINE_FLAG, '1');
  window.dispatchEvent(new Event(NOTES_CHANGED));
  return true;
}

/** This account's notes still waiting to be sent, for one course. */
export async function pendingNotes(courseId: string): Promise<PendingNote[]> {
  const userKey = currentUserKey();
  if (!userKey) return [];
  const all = (await offlineTx('notes', 'readonly', (s) => s.getAll())) as PendingNote[];
  return all.filter((n) => n.userKey === userKey && n.courseId === courseId);
}

export async function forgetNote(id: string): Promise<void> {
  await offlineTx('notes', 'readwrite', (s) => s.delete(id));
  window.dispatchEvent(new Event(NOTES_CHANGED));
}

/** Sends this account's pending notes; each is forgotten once the server answered it; returns how many are left. */
export async function flushNotes(): Promise<number> {
  const userKey = currentUserKey();
  if (!userKey || !navigator.onLine) return 0;
  const all = (await offlineTx('notes', 'readonly', (s) => s.getAll())) as PendingNote[];
  return deliverQueued(
    all.filter((q) => q.userKey === userKey),
    '/api/learning/notes',
    (n) => ({ id: n.id, episodeId: n.episodeId, position: n.position, body: n.body }),
    (n) => forgetNote(n.id),
  );
}
