import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { searchCourses } from './searchCourses.ts';
import { suggestCourses } from './suggestCourses.ts';
import { type CourseOptions, make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let services: Services;

beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t);
  const amina = await make.user(t.db, { name: 'Amina Wanjiku' });
  const otieno = await make.user(t.db, { name: 'Brian Otieno' });
  const zoe = await make.user(t.db, { name: 'Zoë Achieng' });
  const c = (creator: { id: string; name: string }, title: string, over: Partial<CourseOptions> = {}) =>
    make.course(t.db, { creator, title, description: `Learn ${title} step by step.`, ...over });
  await c(amina, 'Pilau and Chapati at Home', { category: 'lifestyle', price: 0, enrolledCount: 40 });
  await c(otieno, 'Python for Beginners', { category: 'technology', price: 2500, ratingAvg: 4.6, enrolledCount: 90 });
  await c(otieno, 'M-Pesa for Small Business', { category: 'business', price: 1200, ratingAvg: 3.9 });
  await c(amina, 'Selling on M-Pesa Till Numbers', { category: 'business', price: 800, enrolledCount: 5 });
  await c(zoe, 'Café Management in Nairobi', { category: 'business', price: 3000 });
  await c(zoe, 'Watercolour Painting', { category: 'creative arts', price: 1500 });
  await c(zoe, 'Draft Python Secrets', { published: false });
});
afterAll(async () => {
  await t.close();
});

async function titles(input: Record<string, unknown>) {
  return (await searchCourses(services, null, input)).results.map((r) => r.title);
}

describe('search relevance', () => {
  it('forgives typos in a word', async () => {
    expect(await titles({ q: 'pythn' })).toEqual(['Python for Beginners']);
    expect(await titles({ q: 'chapatti' })).toEqual(['Pilau and Chapati at Home']);
    expect(await titles({ q: 'managment nairobi' })).toEqual(['Café Management in Nairobi']);
  });

  it('finds hyphenated names written without the hyphen, and with it', async () => {
    const expected = ['M-Pesa for Small Business', 'Selling on M-Pesa Till Numbers'];
    expect((await titles({ q: 'mpesa' })).sort()).toEqual(expected);
    expect((await titles({ q: 'M-Pesa' })).sort()).toEqual(expected);
  });

  it('ignores accents in either direction', async () => {
    expect(await titles({ q: 'cafe' })).toEqual(['Café Management in Nairobi']);
    expect(await titles({ q: 'Café' })).toEqual(['Café Management in Nairobi']);
    expect(await titles({ q: 'zoe achieng' })).toContain('Watercolour Painting');
  });

  it('finds courses by their creator, also misspelt', async () => {
    expect((await titles({ q: 'Amina' })).sort()).toEqual([
      'Pilau and Chapati at Home',
      'Selling on M-Pesa Till Numbers',
    ]);
    expect(await titles({ q: 'otieni' })).toHaveLength(2);
  });

  it('puts exact matches before near ones and never shows drafts or unrelated courses', async () => {
    expect(await titles({ q: 'python' })).toEqual(['Python for Beginners']);
    expect(await titles({ q: 'quantum' })).toEqual([]);
    expect(await titles({ q: '"); drop table course; --' })).toEqual([]);
  });
});

describe('words the catalogue spells otherwise (synonyms, plurals, brands, Kiswahili)', () => {
  const added: string[] = [];
  beforeAll(async () => {
    const njoroge = await make.user(t.db, { name: 'Peter Njoroge' });
    const c = async (title: string, category: CourseOptions['category']) =>
      added.push((await make.course(t.db, { creator: njoroge, title, description: 'A course.', category })).id);
    await c('KCSE Mathematics Revision', 'education');
    await c('Kenyan Cooking for Families', 'lifestyle');
    await c('Agribusiness: Poultry Farming', 'business');
    await c('M PESA Agent Float Basics', 'business');
    await c('Writing Short Stories', 'creative arts');
  });
  // The other describes count the first courses only.
  afterAll(async () => {
    await t.db.updateTable('course').set({ published: false }).where('id', 'in', added).execute();
  });

  it('finds Mathematics for "maths", "math", "kcse maths" and the Kiswahili "hesabu"', async () => {
    for (const q of ['maths', 'math', 'kcse maths', 'KCSE Maths', 'hesabu', 'hisabati'])
      expect(await titles({ q }), q).toEqual(['KCSE Mathematics Revision']);
  });

  it('treats mpesa, M-Pesa, M-PESA and M Pesa as one name', async () => {
    const all = ['M PESA Agent Float Basics', 'M-Pesa for Small Business', 'Selling on M-Pesa Till Numbers'];
    for (const q of ['mpesa', 'M-Pesa', 'M-PESA', 'M Pesa', 'Mpesa'])
      expect((await titles({ q })).sort(), q).toEqual(all);
  });

  it('finds a plural by its singular and the other way round', async () => {
    expect(await titles({ q: 'short story' })).toEqual(['Writing Short Stories']);
    expect(await titles({ q: 'stories' })).toEqual(['Writing Short Stories']);
    expect(await titles({ q: 'revisions' })).toEqual(['KCSE Mathematics Revision']);
  });

  it('maps Kiswahili subject words to categories and title words', async () => {
    expect(await titles({ q: 'upishi' })).toEqual(['Kenyan Cooking for Families']);
    expect(await titles({ q: 'kilimo' })).toEqual(['Agribusiness: Poultry Farming']);
    const business = await titles({ q: 'biashara' });
    expect(business).toEqual(expect.arrayContaining(['M-Pesa for Small Business', 'Agribusiness: Poultry Farming']));
    expect(business).not.toContain('Kenyan Cooking for Families');
    expect(await titles({ q: 'biashara', category: 'lifestyle' })).toEqual([]);
  });
});

describe('no results', () => {
  it('offers the categories nearest to the words, by name, Kiswahili name or spelling; every one when none is near', async () => {
    const categories = async (input: Record<string, unknown>) =>
      (await searchCourses(services, null, input)).categories;
    expect(await categories({ q: 'biashra' })).toEqual(['business']);
    expect(await categories({ q: 'teknologi' })).toEqual(['technology']);
    expect(await categories({ q: 'sanaa', price: 'free' })).toEqual(['creative arts']);
    expect(await categories({ q: 'helth tips' })).toEqual(['health']);
    expect(await categories({ q: 'quantum' })).toHaveLength(6);
    expect(await categories({ q: 'python' })).toEqual([]);
    expect(await categories({ category: 'health' })).toEqual([]);
  });
});

describe('search index upkeep', () => {
  it('finds a renamed course by a misspelling of its new title, and odd characters in a title do no harm', async () => {
    const creator = await make.user(t.db, { name: 'Kevin Mwangi' });
    const course = await make.course(t.db, { creator, title: 'Untitled Draft Course', category: 'technology' });
    await t.db
      .updateTable('course')
      .set({ title: 'Kubernetes "Deep" Dive \\ Part\tOne' })
      .where('id', '=', course.id)
      .execute();
    expect(await titles({ q: 'kubernets' })).toEqual(['Kubernetes "Deep" Dive \\ Part\tOne']);
    expect(await titles({ q: 'mwangy kubernetes' })).toEqual(['Kubernetes "Deep" Dive \\ Part\tOne']);
    await t.db.updateTable('course').set({ published: false }).where('id', '=', course.id).execute();
  });
});

describe('search filters and sort', () => {
  it('filters by category, free or paid, price range and rating', async () => {
    expect(await titles({ q: 'mpesa', category: 'business', max: '1000' })).toEqual(['Selling on M-Pesa Till Numbers']);
    expect(await titles({ price: 'free' })).toEqual(['Pilau and Chapati at Home']);
    expect(await titles({ category: 'business', rating: '4' })).toEqual([]);
    expect(await titles({ rating: '4' })).toEqual(['Python for Beginners']);
    expect((await titles({ price: 'paid', min: '1000', max: '2000' })).sort()).toEqual([
      'M-Pesa for Small Business',
      'Watercolour Painting',
    ]);
  });

  it('sorts by price, popularity and date', async () => {
    expect(await titles({ category: 'business', sort: 'price' })).toEqual([
      'Selling on M-Pesa Till Numbers',
      'M-Pesa for Small Business',
      'Café Management in Nairobi',
    ]);
    expect((await titles({ sort: 'popular' })).slice(0, 2)).toEqual([
      'Python for Beginners',
      'Pilau and Chapati at Home',
    ]);
    expect((await titles({ sort: 'newest' }))[0]).toBe('Watercolour Painting');
  });

  it('drops nonsense filter values instead of failing', async () => {
    const r = await searchCourses(services, null, {
      q: 'python',
      price: 'cheap',
      min: '-5',
      sort: 'random',
      rating: '9',
    });
    expect(r.query).toMatchObject({ q: 'python', sort: 'relevance' });
    expect(r.results.map((c) => c.title)).toEqual(['Python for Beginners']);
  });
});

describe('suggestions', () => {
  it('suggests the best matches for a typed prefix or typo, nothing for one letter', async () => {
    expect((await suggestCourses(services, null, { q: 'pyth' })).map((s) => s.title)).toEqual(['Python for Beginners']);
    expect((await suggestCourses(services, null, { q: 'watercolur' }))[0]?.title).toBe('Watercolour Painting');
    expect(await suggestCourses(services, null, { q: 'p' })).toEqual([]);
  });

  it('ranks exact words above near spellings, and leaves near ones out when exact ones fill the list', async () => {
    const creator = await make.user(t.db, { name: 'Njeri Wambui' });
    for (let i = 1; i <= 6; i++) await make.course(t.db, { creator, title: `Yoga Basics ${i}`, category: 'health' });
    await make.course(t.db, { creator, title: 'Yogo Flow', category: 'health', enrolledCount: 999 });
    const six = (await suggestCourses(services, null, { q: 'yoga' })).map((s) => s.title);
    expect(six).toHaveLength(6);
    expect(six.every((title) => title.startsWith('Yoga Basics'))).toBe(true);
    expect(await titles({ q: 'yoga', sort: 'relevance' })).toContain('Yogo Flow');
  });
});
