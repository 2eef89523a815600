import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool, toIso, toNum } from '../db/values.ts';
import type { Services } from '../core/services.ts';
import { CATEGORIES } from '#common/catalog/categories.ts';
import { listLandingRows } from '../modules/catalog/listLandingRows.ts';
import { mediaDir } from '../modules/media/mediaDir.ts';
import { probeVideo } from '../modules/media/probeVideo.ts';
import { startServer } from '../composition/startServer.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { seedDemoIfEmpty } from './seedDemoIfEmpty.ts';

// The seed makes real clips with ffmpeg: run it once for the file and look at what it left.
let t: TestDatabase;
let services: Services;
let catalogChanges = 0;
let seeded: boolean;
beforeAll(async () => {
  t = await createTestDatabase();
  // Not spread: the services' lazily built parts (Daraja without a simulator) must stay unbuilt.
  services = testServices(t);
  services.catalogChanged = () => void catalogChanges++;
  seeded = await seedDemoIfEmpty(services);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.db;
const media = (assetId: string, file: string) => path.join(mediaDir(t.dataDir, assetId), file);

async function counts() {
  const n = async (table: 'course' | 'episode' | 'mediaAsset' | 'user' | 'creatorProfile') =>
    toNum(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    courses: await n('course'),
    episodes: await n('episode'),
    assets: await n('mediaAsset'),
    users: await n('user'),
    profiles: await n('creatorProfile'),
    folders: fs.readdirSync(mediaDir(t.dataDir)).sort(),
  };
}

describe('demo seed', () => {
  it('publishes at least 12 courses over all six categories, with whole KES prices and distinct dates', async () => {
    expect(seeded).toBe(true);
    expect(catalogChanges).toBe(1);
    const courses = await db().selectFrom('course').selectAll().execute();
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(courses.every((c) => toBool(c.published))).toBe(true);
    expect(new Set(courses.map((c) => c.category))).toEqual(new Set(CATEGORIES));
    expect(courses.every((c) => Number.isInteger(toNum(c.price)) && toNum(c.price) >= 0)).toBe(true);
    expect(courses.some((c) => toNum(c.price) === 0)).toBe(true);
    expect(new Set(courses.map((c) => toIso(c.createdAt))).size).toBe(courses.length);
    expect(courses.every((c) => toIso(c.createdAt) <= new Date().toISOString())).toBe(true);
  });

  it('fills every landing row: Trending, Popular, New Releases and the four category rows', async () => {
    const { hero, rows } = await listLandingRows(services, null);
    expect(hero).not.toBeNull();
    expect(rows.map((r) => r.title)).toEqual(
      expect.arrayContaining([
        'Trending Now',
        'Popular on Darasa',
        'New Releases',
        'Business',
        'Technology',
        'Creative Arts',
        'Health',
      ]),
    );
    expect(rows.every((r) => r.courses.length > 0)).toBe(true);
    // The three catalog-wide rows show the demo in three different orders.
    const firstFour = (key: string) =>
      rows
        .find((r) => r.key === key)!
        .courses.slice(0, 4)
        .map((c) => c.id)
        .join();
    expect(new Set([firstFour('trending'), firstFour('popular'), firstFour('new')]).size).toBe(3);
  });

  it('gives every course a thumbnail in three 16:9 WebP widths', async () => {
    const courses = await db()
      .selectFrom('course')
      .innerJoin('mediaAsset', 'mediaAsset.id', 'course.thumbnailId')
      .select(['course.id', 'mediaAsset.id as assetId', 'mediaAsset.kind', 'mediaAsset.status'])
      .execute();
    expect(courses).toHaveLength((await counts()).courses);
    for (const c of courses) {
      expect([c.kind, c.status]).toEqual(['image', 'ready']);
      const sizes = await Promise.all(
        ['w320', 'w640', 'w1280'].map(async (w) => {
          const m = await sharp(media(c.assetId, `${w}.webp`)).metadata();
          return [m.format, m.width, m.height];
        }),
      );
      expect(sizes).toEqual([
        ['webp', 320, 180],
        ['webp', 640, 360],
        ['webp', 1280, 720],
      ]);
    }
  });

  it('gives every course a playable trailer and 3 to 5 episodes whose durations are measured', async () => {
    const courses = await db().selectFrom('course').selectAll().execute();
    const probed = new Map<string, number>();
    // Hard-linked clips share an inode: decode each distinct file once, check every asset's own folder.
    const probe = async (assetId: string) => {
      const file = media(assetId, 'video.mp4');
      expect(fs.existsSync(media(assetId, 'poster.webp'))).toBe(true);
      expect(fs.existsSync(media(assetId, 'master.m3u8'))).toBe(true);
      const key = String(fs.statSync(file).ino);
      if (!probed.has(key)) probed.set(key, (await probeVideo(file)).duration);
      return probed.get(key)!;
    };
    for (const course of courses) {
      expect(course.trailerId).toBeTruthy();
      const trailerSeconds = await probe(course.trailerId!);
      expect(trailerSeconds).toBeGreaterThanOrEqual(5);
      const episodes = await db()
        .selectFrom('episode')
        .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.videoId')
        .select(['episode.position', 'episode.duration', 'episode.videoId', 'mediaAsset.status', 'mediaAsset.meta'])
        .where('courseId', '=', course.id)
        .orderBy('position')
        .execute();
      expect(episodes.length).toBeGreaterThanOrEqual(3);
      expect(episodes.length).toBeLessThanOrEqual(5);
      expect(episodes.map((e) => e.position)).toEqual(episodes.map((_, i) => i + 1));
      for (const e of episodes) {
        const seconds = await probe(e.videoId!);
        expect(seconds).toBeGreaterThanOrEqual(6);
        expect(seconds).toBeLessThanOrEqual(15);
        expect(toNum(e.duration)).toBe(Math.round(seconds));
        expect(e.status).toBe('ready');
        expect(JSON.parse(e.meta)).toMatchObject({ duration: seconds, width: 640, height: 360 });
      }
      expect(toNum(course.lessonsCount)).toBe(episodes.length);
      expect(toNum(course.duration)).toBe(episodes.reduce((s, e) => s + toNum(e.duration), 0));
    }
    // Every asset folder belongs to a row: nothing made for nothing.
    const assetIds = (await db().selectFrom('mediaAsset').select('id').execute()).map((a) => a.id).sort();
    expect((await counts()).folders).toEqual(assetIds);
  });

  it('owns the courses by two demo creators with C-profiles numbered from the counter', async () => {
    const creators = await db()
      .selectFrom('user')
      .innerJoin('creatorProfile', 'creatorProfile.userId', 'user.id')
      .select(['user.id', 'user.email', 'user.role', 'user.phone', 'creatorProfile.uniqueId'])
      .orderBy('creatorProfile.uniqueId')
      .execute();
    expect(creators.map((c) => [c.email, c.role, c.uniqueId])).toEqual([
      ['creator@darasa.test', 'creator', 'C1'],
      ['amina@darasa.test', 'creator', 'C2'],
    ]);
    expect(creators.every((c) => /^\+2547\d{8}$/.test(c.phone))).toBe(true);
    const counter = await db()
      .selectFrom('counter')
      .select('value')
      .where('name', '=', 'creatorCount')
      .executeTakeFirst();
    expect(toNum(counter?.value)).toBe(2);
    const owners = await db().selectFrom('course').select('creatorId').distinct().execute();
    expect(new Set(owners.map((o) => o.creatorId))).toEqual(new Set(creators.map((c) => c.id)));
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    expect(await seedDemoIfEmpty(services)).toBe(false);
    expect(await counts()).toEqual(before);
    expect(catalogChanges).toBe(1);
  });
});

const exec = promisify(execFile);

/** A separate Node process seeding one small course, as a second server starting at the same time would. */
async function seedInChildProcess(env: NodeJS.ProcessEnv): Promise<string> {
  const at = (f: string) => JSON.stringify(pathToFileURL(path.join(import.meta.dirname, f)).href);
  const script = `
    const { loadConfig } = await import(${at('../config/config.ts')});
    const { connectDatabase } = await import(${at('../db/connect.ts')});
    const { createLogger } = await import(${at('../logging/logger.ts')});
    const { DEMO_COURSES } = await import(${at('./demoCatalog.ts')});
    const { seedDemoIfEmpty } = await import(${at('./seedDemoIfEmpty.ts')});
    const { createLocalStorage } = await import(${at('../storage/localStorage.ts')});
    const url = process.env.SEED_DATABASE_URL;
    const config = loadConfig({ DATA_DIR: process.env.SEED_DATA_DIR, NODE_ENV: 'test', ...(url ? { DATABASE_URL: url } : {}) });
    const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    const course = { ...DEMO_COURSES[0], episodes: DEMO_COURSES[0].episodes.slice(0, 3) };
    const storage = createLocalStorage(config.dataDir);
    const services = { config, database, storage, log: createLogger('silent'), catalogChanged() {} };
    const seeded = await seedDemoIfEmpty(services, [course]);
    await database.close();
    process.stdout.write(String(seeded));`;
  const { stdout } = await exec(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { env, timeout: 240_000 },
  );
  return stdout.trim();
}

describe('demo seed guards', () => {
  it('seeds once when two processes start together on an empty database, leaving no stray files', async () => {
    const fresh = await createTestDatabase();
    try {
      const env = { ...process.env, SEED_DATA_DIR: fresh.dataDir, SEED_DATABASE_URL: fresh.url ?? '' };
      const results = await Promise.all([seedInChildProcess(env), seedInChildProcess(env)]);
      expect(results.sort()).toEqual(['false', 'true']);
      const courses = await fresh.db.selectFrom('course').select('id').execute();
      const assets = (await fresh.db.selectFrom('mediaAsset').select('id').execute()).map((a) => a.id).sort();
      expect(courses).toHaveLength(1);
      expect(assets).toHaveLength(5);
      expect(fs.readdirSync(mediaDir(fresh.dataDir)).sort()).toEqual(assets);
      expect(await fresh.db.selectFrom('user').select('email').execute()).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  }, 300_000);

  it('starts an empty marketplace with DEMO_DATA=false', async () => {
    const fresh = await createTestDatabase();
    try {
      const running = await startServer({
        env: {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: fresh.dataDir,
          DEMO_DATA: 'false',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
          ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
        },
      });
      await running.stop();
      expect(await fresh.db.selectFrom('course').select('id').execute()).toEqual([]);
      expect(await fresh.db.selectFrom('user').select('id').execute()).toEqual([]);
      expect(fs.existsSync(mediaDir(fresh.dataDir)) ? fs.readdirSync(mediaDir(fresh.dataDir)) : []).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
