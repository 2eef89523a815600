// Viewing events over HTTP (validated, rate-limited, buffered, written in a batch) and the creator's
// analytics endpoint (the course's creator and admins only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { type Client, getJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let course: { id: string };
let episodeId: string;
beforeAll(async () => {
  // Buffered events are written only when the tests flush them (and at shutdown).
  cast = await startCast(cleanups, { VIEW_EVENTS_FLUSH_MS: '0' });
  course = await make.course(cast.app.t.db, { creator: { id: cast.creator.id, name: 'Creator' } });
  episodeId = (await make.episode(cast.app.t.db, { courseId: course.id, position: 1, duration: 60 })).id;
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

// As navigator.sendBeacon sends it: a text/plain body.
const send = (c: Client, body: string) =>
  c.request('/api/events', { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
const events = async () => cast.app.t.db.selectFrom('viewEvent').selectAll().execute();

describe('viewing events', () => {
  it('accepts tiny events at once and writes them in one batch later, attributed to the signed-in actor', async () => {
    expect((await send(cast.visitor, JSON.stringify({ courseId: course.id, kind: 'trailer_view' }))).status).toBe(204);
    expect(
      (await send(cast.customer, JSON.stringify({ courseId: course.id, episodeId, kind: 'watch', seconds: 15 })))
        .status,
    ).toBe(204);
    // Not written per request…
    expect(await events()).toEqual([]);
    // …but when the buffer flushes (every few seconds, or at shutdown).
    await cast.app.running.services.viewEvents.flush();
    const rows = await events();
    expect(rows.map((r) => [r.kind, r.userId, Number(r.seconds)]).sort()).toEqual([
      ['trailer_view', null, 0],
      ['watch', cast.customer.id, 15],
    ]);
  });

  it('refuses malformed events with a 400 and stores nothing', async () => {
    const bad = [
      '',
      'not json',
      JSON.stringify({ courseId: course.id, kind: 'like' }),
      JSON.stringify({ courseId: course.id, kind: 'watch', episodeId, seconds: 100000 }),
      JSON.stringify({ courseId: course.id, kind: 'watch', episodeId, seconds: -1 }),
      JSON.stringify({ courseId: course.id, kind: 'watch', seconds: 10 }),
      JSON.stringify({ courseId: "x' or 1=1", kind: 'trailer_view' }),
      JSON.stringify({ courseId: course.id, kind: 'trailer_view', userId: cast.admin.id }),
      JSON.stringify({ courseId: course.id, kind: 'trailer_view', pad: 'x'.repeat(2000) }),
    ];
    const before = (await events()).length;
    for (const body of bad)
      expect((await send(cast.admin, body)).status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
    await cast.app.running.services.viewEvents.flush();
    expect((await events()).length).toBe(before);
  });

  it('rate-limits one client', async () => {
    const body = JSON.stringify({ courseId: course.id, episodeId, kind: 'preview_view' });
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await send(cast.creator, body)).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('shows a course analytics to its creator and admins only', async () => {
    await cast.app.running.services.viewEvents.flush();
    const mine = await getJson(cast.creator, `/api/analytics/courses/${course.id}?days=7`);
    expect(mine.status).toBe(200);
    expect(mine.body.days).toHaveLength(7);
    expect(mine.body.totals).toMatchObject({ trailerViews: 1, previewViews: 60, watchSeconds: 15 });
    expect(mine.body.episodes[0]).toMatchObject({ episodeId, watchers: 1, completed: 0 });
    expect((await getJson(cast.admin, `/api/analytics/courses/${course.id}`)).status).toBe(200);
    expect((await getJson(cast.customer, `/api/analytics/courses/${course.id}`)).status).toBe(404);
    expect((await getJson(cast.visitor, `/api/analytics/courses/${course.id}`)).status).toBe(401);
    expect((await getJson(cast.creator, `/api/analytics/courses/${course.id}?days=8`)).status).toBe(400);
    expect((await getJson(cast.creator, `/api/analytics/courses/nosuchcourse`)).status).toBe(404);
  });
});
