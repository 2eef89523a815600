import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { makeAsset, makeCourse, makeEpisode, makeUser } from '#tests/support/factories.ts';
import { getHero } from './getHero.ts';

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
    const creator = await makeUser(t.db);
    await makeCourse(t.db, creator, { title: 'Older', ratingAvg: 4.26, ratingCount: 3 });
    const newest = await makeCourse(t.db, creator, { title: 'Newest' });
    await makeCourse(t.db, creator, { title: 'Draft', published: false });
    const hero = await getHero(services);
    expect(hero?.id).toBe(newest.id);
    expect(hero?.rating).toBeNull();

    await t.db.updateTable('course').set({ ratingAvg: 4.26, ratingCount: 3 }).where('id', '=', newest.id).execute();
    expect((await getHero(services))?.rating).toBe(4.3);
  });

  it('previews episode 1 only once its video is ready', async () => {
    const creator = await makeUser(t.db);
    const course = await makeCourse(t.db, creator);
    const video = await makeAsset(t.db, creator.id, 'video', 'processing');
    await makeEpisode(t.db, course.id, 1, { videoId: video });
    expect((await getHero(services))?.preview).toBeNull();

    await t.db.updateTable('mediaAsset').set({ status: 'ready' }).where('id', '=', video).execute();
    const preview = (await getHero(services))?.preview;
    expect(preview?.src).toContain(video);
  });

  it('is null when nothing is published', async () => {
    const creator = await makeUser(t.db);
    await makeCourse(t.db, creator, { published: false });
    expect(await getHero(services)).toBeNull();
  });
});
