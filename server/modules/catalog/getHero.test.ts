import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { getHero } from './getHero.ts';
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

describe('landing hero', () => {
  it('is the newest published course, with "New" (null) until rated and the rating to one decimal after', async () => {
    const creator = await make.user(t.db);
    await make.course(t.db, { creator, title: 'Older', ratingAvg: 4.26, ratingCount: 3 });
    const newest = await make.course(t.db, { creator, title: 'Newest' });
    await make.course(t.db, { creator, title: 'Draft', published: false });
    const hero = await getHero(services);
    expect(hero?.id).toBe(newest.id);
    expect(hero?.rating).toBeNull();

    await t.db.updateTable('course').set({ ratingAvg: 4.26, ratingCount: 3 }).where('id', '=', newest.id).execute();
    expect((await getHero(services))?.rating).toBe(4.3);
  });

  it('previews episode 1 only once its video is ready', async () => {
    const creator = await make.user(t.db);
    const course = await make.course(t.db, { creator });
    const video = await make.asset(t.db, { ownerId: creator.id, kind: 'video', status: 'processing' });
    await make.episode(t.db, { courseId: course.id, position: 1, videoId: video });
    expect((await getHero(services))?.preview).toBeNull();

    await t.db.updateTable('mediaAsset').set({ status: 'ready' }).where('id', '=', video).execute();
    const preview = (await getHero(services))?.preview;
    expect(preview?.src).toContain(video);
  });

  it('is null when nothing is published', async () => {
    const creator = await make.user(t.db);
    await make.course(t.db, { creator, published: false });
    expect(await getHero(services)).toBeNull();
  });
});
