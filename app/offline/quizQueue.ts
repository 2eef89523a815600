// Quiz attempts made without a connection, kept on the device (IndexedDB) until the server has scored them.
// Each has the id the device gave it, so one sent twice (the connection dropped before the answer) is counted
// once (server/modules/learning/quiz/submitQuizAttempt.ts). They belong to the account that made them and
// are sent only while it is signed in; the server's answer (the score, or a refusal) goes to the quiz screen
// as a QUIZ_CHANGED event.
import { deliverQueued, offlineTx } from './offlineDb.ts';
import { currentUserKey, HAS_OFFLINE_FLAG, QUIZ_CHANGED } from './offlineKeys.ts';

export interface QuizAnswer {
  questionId: string;
  choices?: number[];
  number?: number;
}

export interface PendingQuizAttempt {
  id: string;
  userKey: string;
  episodeId: string;
  answers: QuizAnswer[];
}

/** What the quiz screen hears when a kept attempt left the queue: the server's answer, as JSON. */
export interface QuizChange {
  attemptId: string;
  episodeId: string;
  /** The scored attempt (a QuizAttemptView) when the server took it; its refusal's English words when not. */
  scored?: unknown;
  refusal?: string;
}

const changed = (detail: QuizChange | null) => window.dispatchEvent(new CustomEvent(QUIZ_CHANGED, { detail }));

export async function queueQuizAttempt(attempt: Omit<PendingQuizAttempt, 'userKey'>): Promise<boolean> {
  const userKey = currentUserKey();
  if (!userKey) return false;
  await offlineTx('quizAttempts', 'readwrite', (s) => s.put({ ...attempt, userKey } satisfies PendingQuizAttempt));
  localStorage.setItem(HAS_OFFLINE_FLAG, '1');
  changed(null);
  return true;
}

/** This account's attempts at one quiz still waiting to be sent. */
export async function pendingQuizAttempts(episodeId: string): Promise<PendingQuizAttempt[]> {
  const userKey = currentUserKey();
  if (!userKey) return [];
  const all = (await offlineTx('quizAttempts', 'readonly', (s) => s.getAll())) as PendingQuizAttempt[];
  return all.filter((a) => a.userKey === userKey && a.episodeId === episodeId);
}

async function forget(attempt: PendingQuizAttempt, answer: Response): Promise<void> {
  const body = (await answer.json().catch(() => null)) as { error?: { message?: string } } | null;
  await offlineTx('quizAttempts', 'readwrite', (s) => s.delete(attempt.id));
  changed({
    attemptId: attempt.id,
    episodeId: attempt.episodeId,
    ...(answer.ok
      ? { scored: body }
      : { refusal: body?.error?.message ?? 'Your answers could not be saved. Please try again.' }),
  });
}

/** Sends this account's kept attempts; each is forgotten once the server answered it; returns how many are left. */
export async function flushQuizAttempts(): Promise<number> {
  const userKey = currentUserKey();
  if (!userKey || !navigator.onLine) return 0;
  const all = (await offlineTx('quizAttempts', 'readonly', (s) => s.getAll())) as PendingQuizAttempt[];
  return deliverQueued(
    all.filter((a) => a.userKey === userKey),
    '/api/learning/quiz-attempts',
    (a) => ({ attemptId: a.id, episodeId: a.episodeId, answers: a.answers }),
    forget,
  );
}
