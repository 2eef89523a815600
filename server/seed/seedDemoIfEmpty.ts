import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Services } from '../core/services.ts';
import path from 'node:path';
import { mediaDir as mediaDirOf } from '../modules/media/mediaDir.ts';
import { mediaKey } from '../modules/media/mediaKeys.ts';
import { hlsPublishRank } from '../modules/media/transcodeVideo.ts';
import { DEMO_COURSES, type DemoCourse } from './demoCatalog.ts';
import { demoAssetIds, prepareDemoMedia, removeDemoMedia } from './prepareDemoMedia.ts';
import { seedDemoCatalog } from './seedDemoCatalog.ts';
import { seedDemoPeople } from './seedDemoPeople.ts';

/** A counter row that exists once the demo has been seeded: the demo never loads twice. */
const SEED_MARK = 'demoSeed';

async function alreadySeeded(db: Kysely<DB>): Promise<boolean> {
  const course = await db.selectFrom('course').select('id').limit(1).executeTakeFirst();
  const mark = await db.selectFrom('counter').select('name').where('name', '=', SEED_MARK).executeTakeFirst();
  return !!course || !!mark;
}

/**
 * Claims the seed inside the transaction. The insert is the transaction's first write, so a second
 * process doing the same waits on the primary key (PostgreSQL) or the write lock (SQLite) and then
 * finds the row taken.
 */
async function claimSeed(db: Kysely<DB>): Promise<boolean> {
  const claimed = await db
    .insertInto('counter')
    .values({ name: SEED_MARK, value: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return !!claimed;
}

/**
 * Loads the demo marketplace into a database without courses: media files first (the slow part, outside
 * any transaction), then every row in one transaction. Returns whether this call seeded.
 */
export async function seedDemoIfEmpty(services: Services, courses: DemoCourse[] = DEMO_COURSES): Promise<boolean> {
  const { database, log } = services;
  if (await alreadySeeded(database.db)) return false;

  const started = performance.now();
  const mediaDir = mediaDirOf(services.config.dataDir);
  log.info({ courses: courses.length }, 'demo data: making media with ffmpeg and sharp');
  const media = await prepareDemoMedia(mediaDir, courses, log);
  const assetIds = demoAssetIds(media);
  const { storage } = services;
  const now = new Date();
  let seeded = false;
  try {
    // Made on disk, where the local storage keeps them; object storage gets them moved into its bucket.
    if (storage.kind === 's3') {
      for (const id of assetIds) await storage.publishFolder(path.join(mediaDir, id), mediaKey(id), hlsPublishRank);
    }
    seeded = await database.db.transaction().execute(async (trx) => {
      if (!(await claimSeed(trx))) return false;
      // A course created meanwhile (a creator was quicker) means the marketplace is no longer empty.
      if (await trx.selectFrom('course').select('id').limit(1).executeTakeFirst()) return false;
      const people = await seedDemoPeople(trx, now);
      await seedDemoCatalog(trx, people, courses, media, now);
      return true;
    });
  } finally {
    if (!seeded) {
      await removeDemoMedia(mediaDir, assetIds);
      await Promise.all(assetIds.map((id) => storage.remove(mediaKey(id))));
    }
  }
  if (!seeded) {
    log.info('demo data: another process seeded first; nothing added');
    return false;
  }
  services.catalogChanged();
  log.info({ courses: courses.length, seconds: Math.round(performance.now() - started) / 1000 }, 'demo data loaded');
  return true;
}
