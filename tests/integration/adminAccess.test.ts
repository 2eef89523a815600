// Every admin API route and action for visitor, customer, creator and admin: only admins pass, and a
// refused or malformed action changes nothing (course, user, audit log all as before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { make } from '#tests/support/factories/index.ts';
import { getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;
beforeAll(async () => {
  cast = await startCast(cleanups);
  const creator = await cast.app.t.db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  courseId = (await make.course(cast.app.t.db, { creator, title: 'Moderated course' })).id;
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const reads = [
  '/api/admin/dashboard',
  '/api/admin/users',
  '/api/admin/courses',
  '/api/admin/purchases',
  '/api/admin/audit',
  '/api/admin/jobs',
];
const actions = () => [
  `/api/admin/courses/${courseId}/unpublish`,
  `/api/admin/courses/${courseId}/feature`,
  `/api/admin/users/${cast.customer.id}/suspend`,
  `/api/admin/purchases/${newId()}/refund`,
  `/api/admin/jobs/${newId()}/retry`,
];

async function snapshot() {
  const db = cast.app.t.db;
  const course = await db
    .selectFrom('course')
    .select(['published', 'featured'])
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('user')
    .select('status')
    .where('id', '=', cast.customer.id)
    .executeTakeFirstOrThrow();
  const audit = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    published: toBool(course.published),
    featured: toBool(course.featured),
    status: user.status,
    audit: Number(audit.n),
  };
}

describe('admin API access', () => {
  it('refuses visitors (401) and customers and creators (403) on every read and action, changing nothing', async () => {
    const before = await snapshot();
    for (const [who, client, status] of [
      ['visitor', cast.visitor, 401],
      ['customer', cast.customer, 403],
      ['creator', cast.creator, 403],
    ] as const) {
      for (const path of reads) expect((await getJson(client, path)).status, `${who} GET ${path}`).toBe(status);
      for (const path of actions()) expect((await postJson(client, path)).status, `${who} POST ${path}`).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
    // The customer was not signed out by any of it.
    expect((await cast.customer.session())?.user.id).toBe(cast.customer.id);
  });

  it('lets an admin read every list and the dashboard', async () => {
    for (const path of reads) expect((await getJson(cast.admin, path)).status, path).toBe(200);
    const users = await getJson(cast.admin, '/api/admin/users?sort=email&dir=asc&size=2');
    expect(users.body.items).toHaveLength(2);
    expect(users.body.next).toBeTruthy();
    const dash = await getJson(cast.admin, '/api/admin/dashboard');
    expect(dash.body.users).toMatchObject({ total: 3, customer: 1, creator: 1, admin: 1 });
    expect(dash.body.courses).toMatchObject({ published: 1, draft: 0 });
  });

  it('answers bad list parameters, unknown actions, missing ids and bad bodies with a 4xx and changes nothing', async () => {
    const before = await snapshot();
    for (const q of [
      'size=0',
      'size=1000',
      'size=abc',
      'sort=passwordHash',
      'dir=up',
      'after=%%%',
      'page=-1',
      'q=%27%3B%20drop%20table%20user%3B--&size=x',
    ]) {
      const r = await getJson(cast.admin, `/api/admin/users?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.message).toMatch(/Invalid list parameter/);
    }
    const missing = [
      `/api/admin/courses/${newId()}/unpublish`,
      `/api/admin/users/${newId()}/suspend`,
      `/api/admin/purchases/${newId()}/refund`,
      `/api/admin/jobs/${newId()}/retry`,
      `/api/admin/courses/${courseId}/delete`,
      `/api/admin/users/${cast.customer.id}/promote`,
      `/api/admin/courses/..%2F..%2Fetc/unpublish`,
    ];
    for (const path of missing) expect((await postJson(cast.admin, path)).status, path).toBe(404);
    const badBody = await cast.admin.request(`/api/admin/courses/${courseId}/unpublish`, {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(badBody.status).toBe(400);
    expect(
      (await postJson(cast.admin, `/api/admin/courses/${courseId}/unpublish`, { reason: 'x'.repeat(501) })).status,
    ).toBe(400);
    expect(
      (await postJson(cast.admin, `/api/admin/courses/${courseId}/unpublish`, { reason: 'ok', extra: 1 })).status,
    ).toBe(400);
    // Suspending an admin (here: oneself) is refused.
    expect((await postJson(cast.admin, `/api/admin/users/${cast.admin.id}/suspend`)).status).toBe(409);
    expect((await postJson(cast.admin, `/api/admin/users/${cast.customer.id}/restore`)).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });
});
