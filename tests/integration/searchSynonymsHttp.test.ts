// Search synonyms over HTTP with real sessions (decision 0049): an admin adds one (201) and a search uses it
// at once; bad input is a 400 with its words, a duplicate a 409, anyone else a 403; removal is a 200, then 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('adds, uses and removes a search synonym; refuses bad input and other people', async () => {
  const creator = { id: cast.creator.id, name: 'Creator' };
  await make.course(cast.app.t.db, { creator, title: 'Tilapia Farming in Ponds', category: 'business' });
  const found = async (q: string) =>
    (await getJson(cast.customer, `/api/search/suggest?q=${encodeURIComponent(q)}`)).body.suggestions.map(
      (s: { title: string }) => s.title,
    );
  expect(await found('ufugaji samaki')).toEqual([]);

  const path = '/api/admin/search-synonyms';
  expect(await postJson(cast.admin, path, { term: '', means: 'fish' })).toEqual({
    status: 400,
    body: expect.objectContaining({
      error: expect.objectContaining({ message: 'Write the word people search with.' }),
    }),
  });
  expect((await postJson(cast.customer, path, { term: 'samaki', means: 'tilapia' })).status).toBe(403);
  expect(await postJson(cast.admin, path, { term: 'Samaki', means: 'tilapia, fish' })).toEqual({
    status: 201,
    body: { term: 'samaki', means: ['tilapia', 'fish'] },
  });
  expect((await postJson(cast.admin, path, { term: 'samaki', means: 'tilapia' })).status).toBe(409);
  expect(await found('samaki')).toEqual(['Tilapia Farming in Ponds']);

  const { body } = await getJson(cast.admin, path);
  const id = body.added[0].id as string;
  const remove = (who: Cast['admin']) => who.request(`${path}/${id}`, { method: 'DELETE' }).then((r) => r.status);
  expect(await remove(cast.customer)).toBe(403);
  expect(await remove(cast.admin)).toBe(200);
  expect(await remove(cast.admin)).toBe(404);
  expect(await found('samaki')).toEqual([]);
});
