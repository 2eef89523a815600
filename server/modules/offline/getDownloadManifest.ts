import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { DOWNLOAD_QUALITIES, type DownloadManifest, type DownloadQuality } from '#common/offline/downloadManifest.ts';
import { toNum } from '#server/db/values.ts';
import { findEpisodeForActor } from '../learning/findEpisodeForActor.ts';
import { mediaKey } from '../media/mediaKeys.ts';
import { signGrant, userKeyOf } from './offlineGrant.ts';
import { readRendition } from './readRendition.ts';
import { captionRefs } from '../captions/captionRefs.ts';
import { lessonDownloadFiles } from './lessonDownloadFiles.ts';

/** The folder of each quality in the AV1 + Opus family (decision 0066), for a device that plays it. */
const AV1_FOLDER: Record<DownloadQuality, string> = { '240p': '240p-av1', '360p': '360p-av1', audio: 'audio-opus' };

/**
 * What the device says it plays (`plays=av1,opus`, from MediaCapabilities): anything else is ignored, so a
 * bad value only means H.264 + AAC.
 */
function playsOf(plays: unknown): { av1: boolean; opus: boolean } {
  const words = typeof plays === 'string' ? plays.slice(0, 40).split(',') : [];
  const opus = words.includes('opus');
  return { av1: opus && words.includes('av1'), opus };
}

/**
 * Everything a device needs to download one lesson for offline use, for a signed-in learner who may take it
 * (the playback rule, canWatchVideo): the qualities on offer with their sizes and files, under a freshly
 * signed media URL, in the codec family the device plays (AV1 + Opus where it says so and the video has it),
 * plus the lesson's PDF and resources (decision 0064), counted in every option. A lesson without video but
 * with files has one option, 'files'. Anyone else gets "not found", as for playback.
 */
export async function getDownloadManifest(
  services: Services,
  actor: Actor,
  input: { episodeId: unknown; plays?: unknown },
): Promise<DownloadManifest> {
  if (!actor) throw unauthenticated();
  const episodeId = input.episodeId;
  if (!isId(episodeId)) throw notFound('Episode not found.');
  const { db } = services.database;
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found?.canWatch) throw notFound('Episode not found.');
  const assetId = found.episode.videoId;
  const row = await db
    .selectFrom('episode')
    .innerJoin('course', 'course.id', 'episode.courseId')
    .leftJoin('mediaAsset', 'mediaAsset.id', 'episode.videoId')
    .select(['episode.title', 'course.title as courseTitle', 'mediaAsset.status'])
    .where('episode.id', '=', episodeId)
    .executeTakeFirstOrThrow();
  const lessonFiles = await lessonDownloadFiles(services, { episodeId });
  const fileBytes = lessonFiles.reduce((sum, f) => sum + f.bytes, 0);
  const common = {
    userId: actor.userId,
    userKey: userKeyOf(services.mediaTokens, actor.userId),
    grant: signGrant(services.mediaTokens, actor.userId),
    course: { id: found.course.id, title: row.courseTitle },
    episode: {
      id: episodeId,
      order: found.episode.position,
      title: row.title,
      duration: toNum(found.episode.duration),
    },
    lessonFiles,
  };
  if (!assetId) {
    if (!lessonFiles.length) throw notFound('This episode cannot be downloaded.');
    return {
      ...common,
      assetId: episodeId,
      base: null,
      options: [{ quality: 'files', bytes: fileBytes, master: '', files: lessonFiles }],
    };
  }
  if (row.status !== 'ready') throw notFound('This episode is still being processed.');
  const master = (await services.storage.readText(mediaKey(assetId, 'master.m3u8'))) ?? '';
  const plays = playsOf(input.plays);
  const options = [];
  for (const quality of DOWNLOAD_QUALITIES) {
    const wanted = quality === 'audio' ? plays.opus : plays.av1;
    const r =
      (wanted ? await readRendition(services.storage, assetId, master, AV1_FOLDER[quality]) : null) ??
      (await readRendition(services.storage, assetId, master, quality));
    if (r) options.push({ quality, ...r });
  }
  if (!options.length) throw notFound('This episode cannot be downloaded.');
  // Captions come with every quality: the service worker answers their token URLs like the segments'.
  const captions = (await captionRefs(services, { episodeIds: [episodeId] })).map((k) => ({
    path: `captions/${k.id}.vtt`,
    bytes: k.bytes,
  }));
  const captionBytes = captions.reduce((sum, f) => sum + f.bytes, 0);
  const token = services.mediaTokens.sign(assetId, 'private');
  return {
    ...common,
    assetId,
    base: `/media/s/${token}/${assetId}`,
    options: options.map((o) => ({
      ...o,
      files: [...o.files, ...captions, ...lessonFiles],
      bytes: o.bytes + captionBytes + fileBytes,
    })),
  };
}
