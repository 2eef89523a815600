// Moderation over HTTP with real sessions: suspend/restore, unpublish/feature, failed-job retry, and the
// audit log that records each of them with who, what and when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { listCustomerGrid } from '#server/modules/accounts/listCustomerGrid.ts';
import { listLandingRows } from '#server/modules/catalog/listLandingRows.ts';
import { make } from '#tests/support/factories/index.ts';
import { getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
beforeAll(async () => {
  cast = await startCast(cleanups);
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const db = () => cast.app.t.db;
const landingIds = async () =>
  (await listLandingRows(cast.app.running.services, null)).rows.flatMap((r) => r.courses.map((c) => c.id));

describe('moderation', () => {
  it('suspends a user, whose sessions end at once and who cannot sign in, then restores them', async () => {
    expect((await cast.customer.session())?.user.id).toBe(cast.customer.id);
    const r = await postJson(cast.admin, `/api/admin/users/${cast.customer.id}/suspend`, {
      reason: 'chargeback fraud',
    });
    expect(r).toEqual({ status: 200, body: { status: 'suspended' } });
    expect(await cast.customer.session()).toBeNull();
    expect((await cast.customer.signIn(cast.customer.email, cast.customer.password)).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await postJson(cast.admin, `/api/admin/users/${cast.customer.id}/suspend`)).status).toBe(409);

    expect((await postJson(cast.admin, `/api/admin/users/${cast.customer.id}/restore`)).body).toEqual({
      status: 'active',
    });
    expect((await cast.customer.signIn(cast.customer.email, cast.customer.password)).status).toBe(200);
    expect((await cast.customer.session())?.user.id).toBe(cast.customer.id);
  });

  it('features and unpublishes a course: it fills "Featured", then leaves every public row at once', async () => {
    const creator = { id: cast.creator.id, name: 'Creator' };
    const course = await make.course(db(), { creator, title: 'Soon gone' });
    expect(await landingIds()).toContain(course.id);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/feature`)).body).toEqual({
      published: true,
      featured: true,
    });
    const featured = await getJson(cast.admin, '/api/admin/courses?featured=true');
    expect(featured.body.items.map((c: { id: string }) => c.id)).toEqual([course.id]);
    // The customer's "Featured" tab shows it.
    expect((await listCustomerGrid(cast.app.running.services, { tab: 'featured' })).map((c) => c.id)).toEqual([
      course.id,
    ]);

    expect(
      (await postJson(cast.admin, `/api/admin/courses/${course.id}/unpublish`, { reason: 'copyright' })).body,
    ).toEqual({
      published: false,
      featured: false,
    });
    expect(await landingIds()).not.toContain(course.id);
    expect(await listCustomerGrid(cast.app.running.services, { tab: 'featured' })).toEqual([]);
    const row = await db()
      .selectFrom('course')
      .select(['published', 'featured'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect([toBool(row.published), toBool(row.featured)]).toEqual([false, false]);
    // A draft cannot be featured or unpublished again.
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/feature`)).status).toBe(409);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/unpublish`)).status).toBe(409);
  });

  it('lists failed jobs and retries one; a job that is not failed cannot be retried', async () => {
    const now = new Date();
    const job = {
      type: 'processVideo',
      payload: '{}',
      attempts: 3,
      maxAttempts: 3,
      runAt: now,
      lockedBy: null,
      lockedUntil: null,
      progress: 0,
      createdAt: now,
      updatedAt: now,
    };
    const failedId = newId();
    const queuedId = newId();
    await db()
      .insertInto('job')
      .values([
        { ...job, id: failedId, status: 'failed', lastError: 'ffmpeg exited with code 1' },
        { ...job, id: queuedId, status: 'queued', lastError: null },
      ])
      .execute();
    // The failed job processed a creator's video, which shows as failed in their editor.
    const assetId = newId();
    await db()
      .insertInto('mediaAsset')
      .values({
        id: assetId,
        ownerId: cast.creator.id,
        kind: 'video',
        status: 'failed',
        meta: '{}',
        error: 'Could not process',
        jobId: failedId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const list = await getJson(cast.admin, '/api/admin/jobs');
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: failedId, lastError: 'ffmpeg exited with code 1', assetId }),
    ]);
    expect((await postJson(cast.admin, `/api/admin/jobs/${failedId}/retry`)).body).toEqual({ status: 'queued' });
    const after = await db()
      .selectFrom('job')
      .select(['status', 'attempts'])
      .where('id', '=', failedId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'queued', attempts: 0 });
    const asset = await db()
      .selectFrom('mediaAsset')
      .select(['status', 'error'])
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({ status: 'processing', error: null });
    expect((await postJson(cast.admin, `/api/admin/jobs/${queuedId}/retry`)).status).toBe(409);
    expect((await getJson(cast.admin, '/api/admin/jobs')).body.items).toEqual([]);
  });

  it('keeps an audit log of every action, newest first, with the acting admin', async () => {
    const log = await getJson(cast.admin, '/api/admin/audit');
    expect(log.status).toBe(200);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual([
      'job.retry',
      'course.unpublish',
      'course.feature',
      'user.restore',
      'user.suspend',
    ]);
    const suspend = log.body.items.at(-1);
    expect(suspend).toMatchObject({
      actorId: cast.admin.id,
      targetType: 'user',
      targetId: cast.customer.id,
      details: { email: cast.customer.email, reason: 'chargeback fraud' },
    });
    expect(Date.parse(suspend.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(log.body.items[1].details).toMatchObject({ title: 'Soon gone', reason: 'copyright' });
    const byTarget = await getJson(cast.admin, '/api/admin/audit?targetType=course');
    expect(byTarget.body.items).toHaveLength(2);
  });
});

// After the audit-log test above, which counts every action so far.
describe('publishing both ways', () => {
  it('publishes an unpublished course again, keeping its first publication date, and refuses an unready draft', async () => {
    const creator = { id: cast.creator.id, name: 'Creator' };
    const firstPublished = new Date(Date.UTC(2026, 0, 5));
    const course = await make.course(db(), {
      creator,
      title: 'Back again',
      thumbnailId: await make.asset(db(), { ownerId: creator.id, kind: 'image' }),
      publishedAt: firstPublished,
    });
    await make.episode(db(), {
      courseId: course.id,
      position: 1,
      videoId: await make.asset(db(), { ownerId: creator.id, kind: 'video' }),
    });
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/unpublish`)).status).toBe(200);
    expect(await landingIds()).not.toContain(course.id);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/publish`)).body).toEqual({
      published: true,
      featured: false,
    });
    expect(await landingIds()).toContain(course.id);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/publish`)).status).toBe(409);
    const row = await db()
      .selectFrom('course')
      .select('publishedAt')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.publishedAt as string | Date).toISOString()).toBe(firstPublished.toISOString());
    // Feature and unfeature both ways too.
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/feature`)).body.featured).toBe(true);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/unfeature`)).body.featured).toBe(false);
    expect((await postJson(cast.admin, `/api/admin/courses/${course.id}/feature`)).body.featured).toBe(true);

    const bare = await make.course(db(), { creator, title: 'Nothing in it', published: false });
    const refused = await postJson(cast.admin, `/api/admin/courses/${bare.id}/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Before publishing, please add a thumbnail/);
    expect(await landingIds()).not.toContain(bare.id);
  });
});
