// Admins extend the search synonyms: an addition changes what a search finds at once, is audited, and goes
// again on removal; bad input is refused in words and changes nothing.
import { describe, expect, it } from 'vitest';
import type { Actor } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { make } from '#tests/support/factories/index.ts';
import { useTestServices } from '#tests/support/testServices.ts';
import { searchCourses } from '../catalog/search/searchCourses.ts';
import { addSearchSynonym } from './addSearchSynonym.ts';
import { listSearchSynonyms } from './listSearchSynonyms.ts';
import { removeSearchSynonym } from './removeSearchSynonym.ts';

const world = useTestServices();

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return { code: (err as DomainError).code, message: (err as DomainError).message };
}

describe('admin search synonyms', () => {
  it('finds courses by an added word until it is removed, and audits both', async () => {
    const { services, t } = world;
    const adminUser = await make.user(t.db, { role: 'admin' });
    const admin: Actor = { userId: adminUser.id, role: 'admin' };
    const creator = await make.user(t.db, { name: 'Mercy Atieno' });
    await make.course(t.db, { creator, title: 'Fish Stew the Luo Way', category: 'lifestyle' });
    const titles = async (q: string) => (await searchCourses(services, null, { q })).results.map((r) => r.title);
    expect(await titles('samaki')).toEqual([]);

    expect(await addSearchSynonym(services, admin, { term: ' Samaki ', means: 'fish, Stew' })).toEqual({
      term: 'samaki',
      means: ['fish', 'stew'],
    });
    expect(await titles('samaki')).toEqual(['Fish Stew the Luo Way']);
    const { added, builtIn } = await listSearchSynonyms(services, admin);
    expect(added.map((s) => [s.term, s.means])).toEqual([['samaki', ['fish', 'stew']]]);
    expect(builtIn.some((s) => s.term === 'maths')).toBe(true);

    await removeSearchSynonym(services, admin, { synonymId: added[0]!.id });
    expect(await titles('samaki')).toEqual([]);
    expect((await listSearchSynonyms(services, admin)).added).toEqual([]);
    expect((await refusal(removeSearchSynonym(services, admin, { synonymId: added[0]!.id }))).code).toBe('not_found');

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'targetId', 'details'])
      .where('targetType', '=', 'synonym')
      .orderBy('createdAt')
      .orderBy('action')
      .execute();
    expect(audit.map((a) => [a.action, a.actorId, a.targetId, JSON.parse(a.details)])).toEqual([
      ['synonym.add', admin.userId, added[0]!.id, { term: 'samaki', means: ['fish', 'stew'] }],
      ['synonym.remove', admin.userId, added[0]!.id, { term: 'samaki', means: ['fish', 'stew'] }],
    ]);
  });

  it('refuses empty, oversized, duplicate and built-in terms in words, adding nothing', async () => {
    const { services, t } = world;
    const admin: Actor = { userId: (await make.user(t.db, { role: 'admin' })).id, role: 'admin' };
    const refused = async (input: unknown) => refusal(addSearchSynonym(services, admin, input));
    expect(await refused({ term: '', means: 'fish' })).toEqual({
      code: 'invalid_input',
      message: 'Write the word people search with.',
    });
    expect((await refused({ term: 'samaki', means: ' , ,' })).code).toBe('invalid_input');
    expect((await refused({ term: 'samaki', means: 'samaki' })).code).toBe('invalid_input');
    expect((await refused({ term: 'x'.repeat(61), means: 'fish' })).code).toBe('invalid_input');
    expect((await refused({ term: '!!', means: 'fish' })).code).toBe('invalid_input');
    expect((await refused({ term: 'one two three four', means: 'fish' })).code).toBe('invalid_input');
    expect((await refused({ term: 'samaki', means: 'a,b,c,d,e,f,g' })).code).toBe('invalid_input');
    expect((await refused({ term: 'samaki', means: 'fish', extra: 1 })).code).toBe('invalid_input');
    expect(await refused({ term: 'M-aths', means: 'fish' })).toEqual({
      code: 'conflict',
      message: 'This word is already in the built-in list.',
    });
    await addSearchSynonym(services, admin, { term: 'samaki', means: 'fish' });
    expect((await refused({ term: 'SAMAKI', means: 'stew' })).code).toBe('conflict');
    expect((await listSearchSynonyms(services, admin)).added.map((s) => s.means)).toEqual([['fish']]);
  });
});
