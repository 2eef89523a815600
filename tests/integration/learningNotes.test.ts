// A learner's private notes at moments of an episode, through the real server: kept for their author only,
// listed in course order on the learning page, refused (4xx, nothing stored) for anyone who may not watch
// the episode or for bad input, part of "Download my data", gone with the account and with the episode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { MAX_NOTES_PER_COURSE } from '#server/modules/learning/notes/addNote.ts';
import { NOTE_MAX_CHARS } from '#common/learning/noteLimits.ts';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { signedIn, type Person } from '#tests/support/signedIn.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let classmate: Person;
let courseId: string;
const ep: Record<number, string> = {};

beforeAll(async () => {
  cast = await startCast(cleanups);
  const { db, dataDir } = cast.app.t;
  classmate = await signedIn(cast.app, 'customer');
  const owner = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  courseId = (await make.course(db, { creator: owner })).id;
  for (const n of [1, 2, 3])
    ep[n] = (
      await make.episode(db, {
        courseId,
        position: n,
        duration: 60,
        videoId: await makeReadyVideo(db, dataDir, owner.id),
      })
    ).id;
  for (const userId of [cast.customer.id, classmate.id]) await make.enrollment(db, { userId, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const notesOf = (userId: string) =>
  cast.app.t.db.selectFrom('note').select(['episodeId', 'position', 'body']).where('userId', '=', userId).execute();
const pageNotes = async (who: Person, order = 1) => {
  const page = await getLearnPage(cast.app.running.services, { userId: who.id, role: 'customer' }, { courseId, order });
  if (page.status !== 'ok') throw new Error(page.status);
  return page.page.notes;
};

describe('notes', () => {
  it('keeps a note at its moment and lists the course’s notes in course order, for their author only', async () => {
    const add = (order: number, position: number, body: string) =>
      postJson(cast.customer, '/api/learning/notes', { episodeId: ep[order], position, body });
    const later = await add(3, 12.34, 'Chapati: rest the dough');
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ order: 3, position: 12.3, body: 'Chapati: rest the dough' });
    expect((await add(1, 40, '  Knead for ten minutes  ')).status).toBe(201);
    expect((await add(1, 5, 'Warm water, not hot')).status).toBe(201);
    expect((await pageNotes(cast.customer, 2)).map((n) => [n.order, n.position, n.body])).toEqual([
      [1, 5, 'Warm water, not hot'],
      [1, 40, 'Knead for ten minutes'],
      [3, 12.3, 'Chapati: rest the dough'],
    ]);
    // Another learner of the same course sees none of them.
    expect(await pageNotes(classmate)).toEqual([]);
  });

  it('refuses a note from a visitor, on an episode the person may not watch, or with bad input; nothing is stored', async () => {
    const before = (await cast.app.t.db.selectFrom('note').select('id').execute()).length;
    const note = { episodeId: ep[2], position: 10, body: 'x' };
    expect((await postJson(cast.visitor, '/api/learning/notes', note)).status).toBe(401);
    // Not enrolled: episode 2 is not theirs to watch (a 404, as for the episode itself).
    const outsider = await signedIn(cast.app, 'customer');
    expect((await postJson(outsider, '/api/learning/notes', note)).status).toBe(404);
    const bad: [unknown, RegExp][] = [
      [{ ...note, body: '' }, /Please write your note\./],
      [{ ...note, body: '   ' }, /Please write your note\./],
      [{ ...note, body: 'x'.repeat(NOTE_MAX_CHARS + 1) }, /at most 1,000 characters/],
      [{ ...note, position: 61 + 5 }, /past the end/],
      [{ ...note, position: -1 }, /Invalid note/],
      [{ ...note, episodeId: '../etc' }, /Invalid note/],
      [{ ...note, body: { text: 'x' } }, /Please write your note\./],
      ['not an object', /./],
    ];
    for (const [input, message] of bad) {
      const r = await postJson(cast.customer, '/api/learning/notes', input);
      expect(r.status, JSON.stringify(input).slice(0, 60)).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
    expect((await cast.app.t.db.selectFrom('note').select('id').execute()).length).toBe(before);
  });

  it('stores a note written offline once, however often and however concurrently the phone sends it', async () => {
    const who = await signedIn(cast.app, 'customer');
    await make.enrollment(cast.app.t.db, { userId: who.id, courseId });
    const note = { id: 'offlineNote0000000000001', episodeId: ep[2], position: 9, body: 'Written on the bus' };
    const first = await postJson(who, '/api/learning/notes', note);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: note.id, order: 2, position: 9, body: 'Written on the bus' });
    // The answer was lost on the way: the phone sends it again, then several times at once.
    const again = await postJson(who, '/api/learning/notes', note);
    expect([again.status, again.body]).toEqual([201, first.body]);
    const burst = { ...note, id: 'offlineNote0000000000002' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => postJson(who, '/api/learning/notes', burst)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect((await notesOf(who.id)).map((n) => n.body)).toEqual(['Written on the bus', 'Written on the bus']);

    // Someone else's id is refused without saying whose, and nothing of theirs is stored or changed.
    const taken = await postJson(classmate, '/api/learning/notes', { ...note, body: 'Overwrite?' });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toMatch(/That note could not be saved/);
    expect(await notesOf(classmate.id)).toEqual([]);
    // An id too short to be unguessable (or not an id at all) is bad input.
    for (const id of ['short', '../../etc/passwd0000', 42]) {
      const r = await postJson(who, '/api/learning/notes', { ...note, id });
      expect(r.status, String(id)).toBe(400);
    }
    expect(await notesOf(who.id)).toHaveLength(2);
  });

  it('deletes only the author’s own note', async () => {
    const r = await postJson(classmate, '/api/learning/notes', { episodeId: ep[2], position: 3, body: 'Mine' });
    const { id } = r.body as { id: string };
    for (const other of [cast.customer, cast.creator, cast.admin, cast.visitor]) {
      const res = await other.request(`/api/learning/notes/${id}`, { method: 'DELETE' });
      expect([401, 404]).toContain(res.status);
    }
    expect((await notesOf(classmate.id)).map((n) => n.body)).toEqual(['Mine']);
    expect((await classmate.request(`/api/learning/notes/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await notesOf(classmate.id)).toEqual([]);
    expect((await classmate.request(`/api/learning/notes/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps at most a bounded number of notes per course', async () => {
    const who = await signedIn(cast.app, 'customer');
    await make.enrollment(cast.app.t.db, { userId: who.id, courseId });
    await cast.app.t.db
      .insertInto('note')
      .values(
        Array.from({ length: MAX_NOTES_PER_COURSE }, (_, i) => ({
          id: newId(),
          userId: who.id,
          courseId,
          episodeId: ep[1]!,
          position: i % 60,
          body: `n${i}`,
          createdAt: new Date(),
        })),
      )
      .execute();
    const r = await postJson(who, '/api/learning/notes', { episodeId: ep[1], position: 1, body: 'one more' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/at most 500 notes/);
  });

  it('are in "Download my data", and go with the account and with their episode', async () => {
    const who = await signedIn(cast.app, 'customer');
    await make.enrollment(cast.app.t.db, { userId: who.id, courseId });
    await postJson(who, '/api/learning/notes', { episodeId: ep[3], position: 7, body: 'Export me' });
    const data = (await (await who.request('/api/account/data')).json()) as { notes: { body: string }[] };
    expect(data.notes.map((n) => n.body)).toEqual(['Export me']);

    // A deleted episode takes its notes along.
    const { db } = cast.app.t;
    const extra = (await make.episode(db, { courseId, position: 4, duration: 60 })).id;
    await db
      .insertInto('note')
      .values({
        id: newId(),
        userId: who.id,
        courseId,
        episodeId: extra,
        position: 1,
        body: 'gone',
        createdAt: new Date(),
      })
      .execute();
    await db.deleteFrom('episode').where('id', '=', extra).execute();
    expect((await notesOf(who.id)).map((n) => n.body)).toEqual(['Export me']);

    // Deleting the account deletes its notes.
    const deleted = await who.request('/api/account/delete', { method: 'POST', json: { password: who.password } });
    expect(deleted.status).toBe(200);
    expect(await notesOf(who.id)).toEqual([]);
  });
});
