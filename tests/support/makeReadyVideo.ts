// A processed (ready) video asset with real HLS files: the first one per data dir goes through the real
// pipeline from a tiny clip; later ones copy its folder (same files, own asset id) to keep tests fast.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { mediaDir } from '#server/modules/media/mediaDir.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { makeClip } from './makeClip.ts';

const templates = new Map<string, { folder: string; meta: string }>();

export async function makeReadyVideo(db: Kysely<DB>, dataDir: string, ownerId: string): Promise<string> {
  let template = templates.get(dataDir);
  if (!template) {
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    const original = await makeClip(path.join(uploads, `${newId()}.mp4`), { width: 640, height: 360, seconds: 6 });
    const probe = await probeVideo(original);
    const folder = mediaDir(dataDir, `template-${newId()}`);
    const { renditions, audio, av1 } = await transcodeVideo(original, probe, folder);
    template = {
      folder,
      meta: JSON.stringify({
        duration: probe.duration,
        width: probe.width,
        height: probe.height,
        renditions,
        audio,
        av1,
      }),
    };
    templates.set(dataDir, template);
  }
  const id = newId();
  fs.cpSync(template.folder, mediaDir(dataDir, id), { recursive: true });
  const at = new Date();
  await db
    .insertInto('mediaAsset')
    .values({
      id,
      ownerId,
      kind: 'video',
      status: 'ready',
      meta: template.meta,
      error: null,
      progress: 100,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}
