// What crawlers, link previews and the search box fetch besides pages: robots.txt, the sitemap, a 404 (not
// the landing page) for missing files, suggestions while typing, and the JPEG link-preview picture.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '#server/modules/media/mediaDir.ts';
import { processImage } from '#server/modules/media/processImage.ts';
import type { Running } from '#server/composition/startServer.ts';
import { startTestServer } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { make } from '#tests/support/factories/index.ts';

const PUBLIC_URL = 'https://darasa.example';
let t: TestDatabase;
let running: Running;
let published: { id: string };
let draft: { id: string };
let creator: { id: string };
let thumbId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  running = await startTestServer(t, { PUBLIC_URL });
  creator = await make.user(t.db, { name: 'Amina Hassan' });
  await t.db
    .insertInto('creatorProfile')
    .values({
      uniqueId: 'C1',
      userId: creator.id,
      name: 'Amina Hassan',
      email: 'a@x.test',
      phone: '',
      createdAt: new Date(),
    })
    .execute();
  // An image uploaded before og.jpg existed: only its WebP widths are on disk.
  thumbId = await make.asset(t.db, { ownerId: creator.id, kind: 'image' });
  const src = `${t.dataDir}/src.png`;
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c03' } })
    .png()
    .toFile(src);
  await processImage(src, mediaDir(t.dataDir, thumbId));
  published = await make.course(t.db, {
    creator: creator as { id: string; name: string },
    title: 'Python for Beginners',
    thumbnailId: thumbId,
  });
  draft = await make.course(t.db, {
    creator: creator as { id: string; name: string },
    title: 'Secret Draft',
    published: false,
  });
});
afterAll(async () => {
  await running?.stop();
  await t?.close();
});

const get = (path: string) => fetch(`${running.url}${path}`, { redirect: 'manual' });

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of private areas but not off creator pages, and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const p of ['/admin', '/creator/', '/customer', '/learn', '/api', '/media/s']) {
      expect(text).toContain(`Disallow: ${p}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/creator\n/); // would hide /creators/… too
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists published courses, categories and creators with absolute URLs, never drafts', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain(`<loc>${PUBLIC_URL}/course/${published.id}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/category/creative-arts</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/creators/${creator.id}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(xml).not.toContain(draft.id);
  });
});

describe('missing files', () => {
  it('answer 404 in plain text instead of redirecting to the landing page', async () => {
    for (const path of [
      '/assets/gone-abc123.js',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/manifest.webmanifest',
      '/x/app.css.map',
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).toBe('Not found');
    }
  });
});

describe('suggestions', () => {
  it('answers the best matches for what is typed, typos included, and nothing for drafts', async () => {
    const res = await get('/api/search/suggest?q=pythn');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect((await res.json()).suggestions).toEqual([
      { id: published.id, title: 'Python for Beginners', creatorName: 'Amina Hassan' },
    ]);
    expect((await (await get('/api/search/suggest?q=secret')).json()).suggestions).toEqual([]);
    // Nonsense is dropped, not an error: a 5,000-letter query gets no suggestions.
    const long = await get(`/api/search/suggest?q=${'x'.repeat(5000)}`);
    expect([long.status, (await long.json()).suggestions]).toEqual([200, []]);
  });
});

describe('og.jpg', () => {
  it('makes a 1200×630 JPEG for an older image on first request and keeps it on disk', async () => {
    const file = `${mediaDir(t.dataDir, thumbId)}/og.jpg`;
    expect(fs.existsSync(file)).toBe(false);
    const res = await get(`/media/${thumbId}/og.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('is not found for unknown or non-image assets', async () => {
    expect((await get('/media/nope/og.jpg')).status).toBe(404);
    const video = await make.asset(t.db, { ownerId: creator.id, kind: 'video' });
    expect((await get(`/media/${video}/og.jpg`)).status).toBe(404);
  });
});
