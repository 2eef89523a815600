import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { getCoursePage } from './getCoursePage.ts';
import { make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let services: Services;
beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t);
});
afterEach(async () => {
  await t.close();
});

const renditions = (pairs: [number, number][]) =>
  JSON.stringify({
    renditions: pairs.map(([h, bytes]) => ({ name: `${h}p`, width: Math.round((h * 16) / 9), height: h, bytes })),
    audio: { name: 'audio', bytes: 500_000 },
  });

describe('course page', () => {
  it('hides a draft from visitors, customers and other creators, but not from its creator or an admin', async () => {
    const owner = await make.user(t.db);
    const other = await make.user(t.db);
    const course = await make.course(t.db, { creator: owner, published: false });
    expect(await getCoursePage(services, null, { courseId: course.id })).toBeNull();
    expect(await getCoursePage(services, { userId: other.id, role: 'creator' }, { courseId: course.id })).toBeNull();
    expect(await getCoursePage(services, { userId: other.id, role: 'customer' }, { courseId: course.id })).toBeNull();
    expect((await getCoursePage(services, { userId: owner.id, role: 'creator' }, { courseId: course.id }))?.id).toBe(
      course.id,
    );
    expect((await getCoursePage(services, { userId: other.id, role: 'admin' }, { courseId: course.id }))?.id).toBe(
      course.id,
    );
    expect(await getCoursePage(services, null, { courseId: 'missing' })).toBeNull();
  });

  it('offers only episode 1 and the trailer as sources, and only once their videos are ready', async () => {
    const owner = await make.user(t.db);
    const trailer = await make.asset(t.db, { ownerId: owner.id, kind: 'video', status: 'processing' });
    const v1 = await make.asset(t.db, { ownerId: owner.id, kind: 'video' });
    const v2 = await make.asset(t.db, { ownerId: owner.id, kind: 'video' });
    const course = await make.course(t.db, { creator: owner, trailerId: trailer });
    await make.episode(t.db, { courseId: course.id, position: 1, videoId: v1 });
    await make.episode(t.db, { courseId: course.id, position: 2, videoId: v2 });
    const page = (await getCoursePage(services, null, { courseId: course.id }))!;
    expect(page.trailer).toBeNull();
    expect(page.episodes.map((e) => e.order)).toEqual([1, 2]);
    expect(page.episodes[0]!.video?.src).toContain(v1);
    expect(page.episodes[1]!.video).toBeNull();
  });

  it('tells what each ready episode costs in data: every rendition and Listen only', async () => {
    const owner = await make.user(t.db);
    const ready = await make.asset(t.db, { ownerId: owner.id, kind: 'video' });
    await t.db
      .updateTable('mediaAsset')
      .set({
        meta: renditions([
          [240, 2_000_000],
          [360, 3_000_000],
          [720, 9_000_000],
        ]),
      })
      .where('id', '=', ready)
      .execute();
    const pending = await make.asset(t.db, { ownerId: owner.id, kind: 'video', status: 'processing' });
    const course = await make.course(t.db, { creator: owner });
    await make.episode(t.db, { courseId: course.id, position: 1, videoId: ready });
    await make.episode(t.db, { courseId: course.id, position: 2, videoId: pending });
    const [first, second] = (await getCoursePage(services, null, { courseId: course.id }))!.episodes;
    expect(first!.sizes).toEqual({
      listen: 500_000,
      renditions: [
        { name: '240p', width: 427, height: 240, bytes: 2_000_000 },
        { name: '360p', width: 640, height: 360, bytes: 3_000_000 },
        { name: '720p', width: 1280, height: 720, bytes: 9_000_000 },
      ],
      // A video processed before AV1 (decision 0066) has H.264 sizes only.
      av1: null,
    });
    expect(second!.sizes).toBeNull();
  });
});
