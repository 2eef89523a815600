import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { statusOf } from '#tests/support/errorStatus.ts';
import { getCourseAnalytics } from './getCourseAnalytics.ts';
import { ViewEventBuffer } from './viewEventBuffer.ts';
import { make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.close();
});

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-03T12:00:00Z');
/** The operation's services, on the test database, at NOW. */
const servicesAtNow = () => ({ database: t, clock: { now: () => NOW } });
const silent = { warn: () => {} } as never;

describe('course analytics', () => {
  it('builds daily enrollments, revenue (less refunds) and views in Nairobi days, and watch/completion per episode', async () => {
    const creator = await make.user(t.db, { role: 'creator' });
    const admin = await make.user(t.db, { role: 'admin' });
    const course = await make.course(t.db, { creator, price: 1000 });
    const other = await make.course(t.db, { creator, price: 700 });
    const ep1 = await make.episode(t.db, { courseId: course.id, position: 1, duration: 100 });
    const ep2 = await make.episode(t.db, { courseId: course.id, position: 2, duration: 200 });
    const [a, b, c] = [
      await make.user(t.db, { role: 'customer' }),
      await make.user(t.db, { role: 'customer' }),
      await make.user(t.db, { role: 'customer' }),
    ];

    // 22:30Z on Nov 1 is Nov 2 in Nairobi.
    await make.payment(t.db, { buyer: a, course, createdAt: at('2026-11-01T22:30:00Z') });
    const p2 = await make.payment(t.db, { buyer: b, course, createdAt: at('2026-11-02T10:00:00Z') });
    await make.refund(t.db, { payment: p2, actorId: admin.id, at: at('2026-11-03T08:00:00Z') });
    await make.payment(t.db, { buyer: c, course: other, createdAt: at('2026-11-02T10:00:00Z') });
    await make.payment(t.db, { buyer: c, course, status: 'failed', createdAt: at('2026-11-02T11:00:00Z') });
    // A bundle sale names the course as its first: it is no sale of this course alone.
    await t.db
      .insertInto('bundle')
      .values({
        id: 'bundle-1',
        creatorId: creator.id,
        title: 'Both courses',
        description: '',
        price: 1500,
        createdAt: NOW,
        updatedAt: NOW,
        deletedAt: null,
      })
      .execute();
    const inBundle = await make.payment(t.db, { buyer: c, course, createdAt: at('2026-11-02T12:00:00Z') });
    await t.db.updateTable('payment').set({ bundleId: 'bundle-1' }).where('id', '=', inBundle.id).execute();

    const buffer = new ViewEventBuffer(t.db, silent);
    const ev = (
      kind: 'trailer_view' | 'preview_view' | 'watch',
      iso: string,
      o: { episodeId?: string; seconds?: number; userId?: string | null } = {},
    ) =>
      buffer.add({
        courseId: course.id,
        kind,
        seconds: o.seconds ?? 0,
        userId: o.userId ?? null,
        at: at(iso),
        ...(o.episodeId ? { episodeId: o.episodeId } : {}),
      });
    ev('trailer_view', '2026-11-01T20:59:00Z'); // Nov 1 23:59 in Nairobi
    ev('trailer_view', '2026-11-01T21:00:00Z'); // Nov 2 00:00 in Nairobi
    ev('preview_view', '2026-11-02T09:00:00Z', { episodeId: ep1.id });
    // a finishes episode 1 (95 of 100 s) in two heartbeats; b watches 30 s; a visitor watches 50 s.
    ev('watch', '2026-11-02T09:00:00Z', { episodeId: ep1.id, seconds: 60, userId: a.id });
    ev('watch', '2026-11-02T09:01:00Z', { episodeId: ep1.id, seconds: 35, userId: a.id });
    ev('watch', '2026-11-02T09:02:00Z', { episodeId: ep1.id, seconds: 30, userId: b.id });
    ev('watch', '2026-11-02T09:03:00Z', { episodeId: ep1.id, seconds: 50, userId: null });
    ev('watch', '2026-11-03T09:00:00Z', { episodeId: ep2.id, seconds: 120, userId: a.id });
    // Ignored at write time: an unknown course, and an episode of another course.
    buffer.add({ courseId: 'nosuchcourse', kind: 'trailer_view', seconds: 0, userId: null, at: NOW });
    buffer.add({ courseId: other.id, episodeId: ep1.id, kind: 'preview_view', seconds: 0, userId: null, at: NOW });
    await buffer.stop();
    const stored = await t.db
      .selectFrom('viewEvent')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(8);

    const r = await getCourseAnalytics(
      servicesAtNow(),
      { userId: creator.id, role: 'creator' },
      { courseId: course.id, days: 7 },
    );
    expect(r.days.map((d) => d.day)).toEqual([
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    const day = (d: string) => r.days.find((x) => x.day === d)!;
    expect(day('2026-11-01')).toEqual({
      day: '2026-11-01',
      enrollments: 0,
      revenue: 0,
      trailerViews: 1,
      previewViews: 0,
      watchSeconds: 0,
    });
    // Enrollment of b was revoked by the refund; c came with the bundle; revenue counts both payments of the
    // course alone on Nov 2, the refund on Nov 3.
    expect(day('2026-11-02')).toEqual({
      day: '2026-11-02',
      enrollments: 2,
      revenue: 2000,
      trailerViews: 1,
      previewViews: 1,
      watchSeconds: 175,
    });
    expect(day('2026-11-03')).toEqual({
      day: '2026-11-03',
      enrollments: 0,
      revenue: -1000,
      trailerViews: 0,
      previewViews: 0,
      watchSeconds: 120,
    });
    expect(r.totals).toEqual({ enrollments: 2, revenue: 1000, trailerViews: 2, previewViews: 1, watchSeconds: 295 });
    expect(r.episodes).toEqual([
      {
        episodeId: ep1.id,
        position: 1,
        title: 'Episode 1',
        duration: 100,
        watchSeconds: 175,
        watchers: 2,
        completed: 1,
        completionPct: 50,
      },
      {
        episodeId: ep2.id,
        position: 2,
        title: 'Episode 2',
        duration: 200,
        watchSeconds: 120,
        watchers: 1,
        completed: 0,
        completionPct: 0,
      },
    ]);

    // An admin sees the same; another creator, a customer and a visitor do not.
    expect(
      (await getCourseAnalytics(servicesAtNow(), { userId: admin.id, role: 'admin' }, { courseId: course.id, days: 7 }))
        .totals,
    ).toEqual(r.totals);
    const stranger = await make.user(t.db, { role: 'creator' });
    for (const [actor, status] of [
      [{ userId: stranger.id, role: 'creator' as const }, 404],
      [{ userId: a.id, role: 'customer' as const }, 404],
      [null, 401],
    ] as const) {
      const err = await getCourseAnalytics(servicesAtNow(), actor, { courseId: course.id, days: 7 }).catch(
        (e: unknown) => e,
      );
      expect(statusOf(err)).toBe(status);
    }
    const missing = await getCourseAnalytics(
      servicesAtNow(),
      { userId: admin.id, role: 'admin' },
      { courseId: 'nope!', days: 7 },
    ).catch((e: unknown) => e);
    expect(statusOf(missing)).toBe(404);
  });
});
