import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { mediaKey } from './mediaKeys.ts';
import { OG_FILE, writeOgImage } from './ogImage.ts';

/**
 * The storage key of a ready image's `og.jpg`, or null when there is no such public image. Uploads since
 * migration 0018 have it already; older ones get it on first request, from their largest WebP, then kept.
 */
export async function ensureOgImage(services: Services, { assetId }: { assetId: string }): Promise<string | null> {
  if (!isId(assetId)) return null;
  const asset = await services.database.db
    .selectFrom('mediaAsset')
    .select(['kind', 'status'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (asset?.kind !== 'image' || asset.status !== 'ready') return null;
  const { storage } = services;
  const key = mediaKey(assetId, OG_FILE);
  if (await storage.stat(key)) return key;
  const source = mediaKey(assetId, 'w1280.webp');
  if (!(await storage.stat(source))) return null;
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'darasa-og-'));
  try {
    const made = await storage.withLocalCopy(source, (file) => writeOgImage(file, scratch));
    // Two requests making it at once each store a whole file; the last one stays.
    await storage.moveIn(key, made);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return key;
}
