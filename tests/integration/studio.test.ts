// Every studio operation over HTTP for the owner, another creator, a customer, a visitor and an admin:
// only the owner and admins get through; the rest get 401/403/404 and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalKey } from '#server/modules/media/mediaKeys.ts';
import { enqueueVideoProcessingInTx } from '#server/modules/media/enqueueVideoProcessingInTx.ts';
import { make } from '#tests/support/factories/index.ts';
import { signedIn, visitor } from '#tests/support/signedIn.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person, other: Person, customer: Person, admin: Person, anon: Person;

beforeAll(async () => {
  app = await startApp(cleanups);
  [owner, other, customer, admin] = await Promise.all([
    signedIn(app, 'creator'),
    signedIn(app, 'creator'),
    signedIn(app, 'customer'),
    signedIn(app, 'admin'),
  ]);
  anon = visitor(app);
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const valid = { title: 'Biashara 101', description: 'Start a small business', price: 500, category: 'business' };
const json = async (res: Response) => (await res.json()) as Record<string, unknown> & { error?: { message: string } };

async function newCourse(by: Person = owner) {
  const res = await by.request('/api/studio/courses', { method: 'POST', json: valid });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

const snapshot = async (courseId: string) => ({
  course: await app.t.db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirst(),
  episodes: await app.t.db
    .selectFrom('episode')
    .selectAll()
    .where('courseId', '=', courseId)
    .orderBy('position')
    .execute(),
});

/** Each operation on an existing course (with two episodes), as a request. */
function operations(courseId: string, episodeIds: string[], videoId: string) {
  const base = `/api/studio/courses/${courseId}`;
  return {
    read: (p: Person) => p.request(base),
    update: (p: Person) => p.request(base, { method: 'PUT', json: { ...valid, title: 'Changed' } }),
    addEpisode: (p: Person) => p.request(`${base}/episodes`, { method: 'POST', json: { title: 'New', videoId } }),
    editEpisode: (p: Person) =>
      p.request(`${base}/episodes/${episodeIds[0]}`, { method: 'PUT', json: { title: 'Edited', videoId } }),
    reorder: (p: Person) =>
      p.request(`${base}/episodes/order`, { method: 'PUT', json: { episodeIds: [...episodeIds].reverse() } }),
    deleteEpisode: (p: Person) => p.request(`${base}/episodes/${episodeIds[1]}`, { method: 'DELETE' }),
  };
}

async function courseWithEpisodes() {
  const id = await newCourse();
  const e1 = await make.episode(app.t.db, { courseId: id, position: 1 });
  const e2 = await make.episode(app.t.db, { courseId: id, position: 2 });
  const videoId = await make.asset(app.t.db, { ownerId: owner.id, kind: 'video' });
  return { id, episodeIds: [e1.id, e2.id], videoId };
}

describe('who may do what', () => {
  it.each([
    ['a visitor', () => anon, 401],
    ['a customer', () => customer, 404],
    ['another creator', () => other, 404],
  ])('%s is refused every operation and nothing changes', async (_who, person, status) => {
    const { id, episodeIds, videoId } = await courseWithEpisodes();
    const before = await snapshot(id);
    for (const [name, op] of Object.entries(operations(id, episodeIds, videoId))) {
      const res = await op(person());
      expect({ name, status: res.status }).toEqual({ name, status });
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('the owner and an admin may do every operation', async () => {
    for (const person of [owner, admin]) {
      const { id, episodeIds, videoId } = await courseWithEpisodes();
      const ops = operations(id, episodeIds, videoId);
      expect((await ops.read(person)).status).toBe(200);
      expect(await json(await ops.update(person))).toMatchObject({ message: 'Course saved successfully!' });
      expect(await json(await ops.addEpisode(person))).toMatchObject({
        order: 3,
        message: 'Episode added successfully!',
      });
      expect((await ops.editEpisode(person)).status).toBe(200);
      expect((await ops.deleteEpisode(person)).status).toBe(200);
      const { episodes, course } = await snapshot(id);
      expect(course?.title).toBe('Changed');
      expect(episodes.map((e) => [e.title, Number(e.position)])).toEqual([
        ['Edited', 1],
        ['New', 2],
      ]);
      const reordered = await person.request(`/api/studio/courses/${id}/episodes/order`, {
        method: 'PUT',
        json: { episodeIds: episodes.map((e) => e.id).reverse() },
      });
      expect(reordered.status).toBe(200);
      expect((await snapshot(id)).episodes.map((e) => e.title)).toEqual(['New', 'Edited']);
    }
  });

  it('creating a course is for creators; visitors are asked to sign in', async () => {
    expect((await anon.request('/api/studio/courses', { method: 'POST', json: valid })).status).toBe(401);
    expect((await customer.request('/api/studio/courses', { method: 'POST', json: valid })).status).toBe(403);
    const id = await newCourse();
    expect((await snapshot(id)).course).toMatchObject({ creatorId: owner.id });
  });

  it("the dashboard lists only the creator's own courses", async () => {
    const mine = await newCourse(owner);
    const theirs = await newCourse(other);
    const res = await owner.request('/api/studio/dashboard');
    const ids = ((await json(res)).courses as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await customer.request('/api/studio/dashboard')).status).toBe(403);
  });

  it("another creator cannot read an upload's processing state", async () => {
    const asset = await make.asset(app.t.db, { ownerId: owner.id, kind: 'video', status: 'processing' });
    expect((await owner.request(`/api/studio/assets/${asset}`)).status).toBe(200);
    expect((await other.request(`/api/studio/assets/${asset}`)).status).toBe(404);
    expect((await admin.request(`/api/studio/assets/${asset}`)).status).toBe(200);
  });
});

describe('processing retry', () => {
  it('lets the uploader (or an admin) retry a failed video, nobody else', async () => {
    const asset = await make.asset(app.t.db, { ownerId: owner.id, kind: 'video', status: 'processing' });
    await enqueueVideoProcessingInTx(app.t.db, {
      jobs: app.running.services.jobs,
      assetId: asset,
      originalKey: originalKey(asset, 'mp4'),
    });
    await app.t.db
      .updateTable('job')
      .set({ status: 'failed', lastError: 'ffmpeg crashed' })
      .where('type', '=', 'media.processVideo')
      .execute();
    await app.t.db
      .updateTable('mediaAsset')
      .set({ status: 'failed', error: 'ffmpeg crashed' })
      .where('id', '=', asset)
      .execute();
    const before = await json(await owner.request(`/api/studio/assets/${asset}`));
    expect(before).toMatchObject({ status: 'failed', error: 'ffmpeg crashed' });
    expect((await other.request(`/api/studio/assets/${asset}/retry`, { method: 'POST' })).status).toBe(404);
    const retried = await owner.request(`/api/studio/assets/${asset}/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    expect(['queued', 'processing']).toContain((await json(retried)).status);
    expect((await owner.request(`/api/studio/assets/${asset}/retry`, { method: 'POST' })).status).toBe(409);
  });
});

describe('bad input', () => {
  it.each([
    ['a negative price', { ...valid, price: -5 }, 400],
    ['a fractional price', { ...valid, price: 99.9 }, 400],
    ['a huge price', { ...valid, price: 1e300 }, 400],
    ['a non-numeric price', { ...valid, price: 'bei nafuu' }, 400],
    ['an unknown category', { ...valid, category: 'witchcraft' }, 400],
    ['a missing title', { ...valid, title: '' }, 400],
    ['a 1 MB description', { ...valid, description: 'x'.repeat(1024 * 1024) }, 400],
    ['an array', [valid], 400],
    ["another creator's thumbnail", { ...valid, thumbnailId: 'REPLACED' }, 400],
  ])('refuses %s with a clear 4xx and saves nothing', async (_name, body, status) => {
    const id = await newCourse();
    const foreign = await make.asset(app.t.db, { ownerId: other.id, kind: 'image' });
    const payload = JSON.parse(JSON.stringify(body).replace('REPLACED', foreign));
    const before = await snapshot(id);
    const res = await owner.request(`/api/studio/courses/${id}`, { method: 'PUT', json: payload });
    expect(res.status).toBe(status);
    expect((await json(res)).error?.message).toMatch(/\w/);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers malformed JSON and unknown ids with 4xx, never a 500', async () => {
    const id = await newCourse();
    const garbled = await owner.request(`/api/studio/courses/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(garbled.status).toBe(400);
    expect((await owner.request('/api/studio/courses/..%2F..%2Fetc')).status).toBe(404);
    expect((await owner.request(`/api/studio/courses/${'x'.repeat(500)}`)).status).toBe(404);
    expect((await owner.request(`/api/studio/courses/${id}/episodes/nope`, { method: 'DELETE' })).status).toBe(404);
  });

  it('stores HTML in titles as text', async () => {
    const res = await owner.request('/api/studio/courses', {
      method: 'POST',
      json: { ...valid, title: '<img src=x onerror=alert(1)>' },
    });
    const id = (await json(res)).id as string;
    const read = await json(await owner.request(`/api/studio/courses/${id}`));
    expect(read.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('races over HTTP', () => {
  it('two adds at once get consecutive orders, and a delete racing an add leaves 1..n', async () => {
    const { id, episodeIds } = await courseWithEpisodes();
    const videos = await Promise.all([1, 2, 3].map(() => make.asset(app.t.db, { ownerId: owner.id, kind: 'video' })));
    const base = `/api/studio/courses/${id}/episodes`;
    const results = await Promise.all([
      owner.request(base, { method: 'POST', json: { title: 'A', videoId: videos[0] } }),
      owner.request(base, { method: 'POST', json: { title: 'B', videoId: videos[1] } }),
      owner.request(`${base}/${episodeIds[0]}`, { method: 'DELETE' }),
      owner.request(base, { method: 'POST', json: { title: 'C', videoId: videos[2] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201, 201, 201]);
    const { episodes, course } = await snapshot(id);
    expect(episodes.map((e) => Number(e.position))).toEqual([1, 2, 3, 4]);
    expect(Number(course!.lessonsCount)).toBe(4);
  });
});
