import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { isId } from '#common/ids.ts';
import { mediaDir } from './mediaDir.ts';
import { OG_FILE, writeOgImage } from './ogImage.ts';

/**
 * The path of a ready image's `og.jpg`, or null when there is no such public image. Uploads since
 * migration 0018 have it already; older ones get it on first request, from their largest WebP, kept on disk.
 */
export async function ensureOgImage(services: Services, _actor: Actor, assetId: string): Promise<string | null> {
  if (!isId(assetId)) return null;
  const asset = await services.database.db
    .selectFrom('mediaAsset')
    .select(['kind', 'status'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (asset?.kind !== 'image' || asset.status !== 'ready') return null;
  const dir = mediaDir(services.config.dataDir, assetId);
  const file = path.join(dir, OG_FILE);
  if (fs.existsSync(file)) return file;
  const source = path.join(dir, 'w1280.webp');
  if (!fs.existsSync(source)) return null;
  return writeOgImage(source, dir);
}
