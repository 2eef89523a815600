// Makes every demo media file before anything touches the database: a thumbnail per course, a trailer
// per course (its title on screen) and a handful of episode clips shared by position. Each clip goes
// through the same transcoder as uploads (HLS ladder, poster, thumbnails) and keeps its `video.mp4`.
// Every asset gets its own folder `<mediaDir>/<assetId>/`; shared clips are hard-linked, so the disk
// holds each clip once.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logging/logger.ts';
import { newId } from '../lib/ids.ts';
import type { ProcessedImage } from '../modules/media/processImage.ts';
import { probeVideo, type VideoProbe } from '../modules/media/probeVideo.ts';
import { transcodeVideo, type TranscodeResult } from '../modules/media/transcodeVideo.ts';
import type { DemoCourse } from './demoCatalog.ts';
import { makeDemoClip, type ClipSpec } from './makeDemoClip.ts';
import { makeDemoThumbnail, wrapWords } from './makeDemoThumbnail.ts';

export interface DemoAsset<M> {
  id: string;
  meta: M;
}

/** What a processed video's `meta` holds (as the processing job records it). */
export type DemoVideoMeta = VideoProbe & TranscodeResult;

export interface DemoCourseMedia {
  thumbnail: DemoAsset<ProcessedImage>;
  trailer: DemoAsset<DemoVideoMeta>;
  episodes: DemoAsset<DemoVideoMeta>[];
}

/** Episode clips by position (episode 1 of every course plays clip 1, and so on). */
const EPISODE_CLIPS: Omit<ClipSpec, 'lines' | 'caption'>[] = [
  { source: 'testsrc2=s=640x360:r=24', seconds: 8, toneHz: 262 },
  { source: 'smptehdbars=s=640x360:r=24', seconds: 10, toneHz: 294 },
  { source: 'gradients=s=640x360:r=24:c0=0x0f766e:c1=0x1e3a8a:c2=0x9333ea:speed=0.03', seconds: 12, toneHz: 330 },
  { source: 'life=s=640x360:r=24:mold=10:ratio=0.1:life_color=#f59e0b:death_color=#3b0764', seconds: 9, toneHz: 349 },
  { source: 'testsrc2=s=640x360:r=24:alpha=0,hue=H=t', seconds: 14, toneHz: 392 },
];
const TRAILER_SECONDS = 6;

const hex = (color: string) => `0x${color.replace('#', '')}`;

/** Runs `fn` over `items`, at most `limit` at a time (ffmpeg runs use one core each). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface MadeClip {
  dir: string;
  meta: DemoVideoMeta;
}

async function makeClipFiles(spec: ClipSpec, workDir: string): Promise<MadeClip> {
  await fs.mkdir(workDir, { recursive: true });
  const video = path.join(workDir, 'video.mp4');
  await makeDemoClip(spec, video);
  const probe = await probeVideo(video);
  const dir = path.join(workDir, 'out');
  const made = await transcodeVideo(video, probe, dir);
  await fs.rename(video, path.join(dir, 'video.mp4'));
  return { dir, meta: { ...probe, ...made } };
}

/** Hard-links a folder tree (a copy where links are not possible, e.g. across file systems). */
async function linkTree(from: string, to: string): Promise<void> {
  await fs.mkdir(to);
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const [src, dst] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(src, dst);
    else await fs.link(src, dst).catch(() => fs.copyFile(src, dst));
  }
}

/** Gives an asset its own folder holding the clip's files. */
async function placeVideo(clip: MadeClip, mediaDir: string): Promise<DemoAsset<DemoVideoMeta>> {
  const id = newId();
  const dir = path.join(mediaDir, id);
  try {
    await linkTree(clip.dir, dir);
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { id, meta: clip.meta };
}

/**
 * Writes the files and returns the assets per course (same order as `courses`). On failure nothing is
 * left behind; the caller removes the asset folders with `removeDemoMedia` if the database step fails.
 */
export async function prepareDemoMedia(
  mediaDir: string,
  courses: DemoCourse[],
  log: Logger,
): Promise<DemoCourseMedia[]> {
  await fs.mkdir(mediaDir, { recursive: true });
  // Inside mediaDir so hard links stay on one file system; the dot keeps it out of media URLs.
  const workDir = await fs.mkdtemp(path.join(mediaDir, '.seed-'));
  const made: string[] = [];
  try {
    const maxEpisodes = Math.max(...courses.map((c) => c.episodes.length));
    const jobs: (() => Promise<unknown>)[] = [];
    const episodeClips: MadeClip[] = [];
    const trailerClips: MadeClip[] = [];
    const thumbnails: DemoAsset<ProcessedImage>[] = [];
    for (const [i, clip] of EPISODE_CLIPS.slice(0, maxEpisodes).entries()) {
      jobs.push(async () => {
        const spec = { ...clip, lines: [`Episode ${i + 1}`], caption: 'Darasa demo lesson' };
        episodeClips[i] = await makeClipFiles(spec, path.join(workDir, `episode-${i + 1}`));
      });
    }
    for (const [i, course] of courses.entries()) {
      jobs.push(async () => {
        const [c0, c1] = course.colors.map(hex);
        const spec: ClipSpec = {
          source: `gradients=s=640x360:r=24:c0=${c0}:c1=${c1}:speed=0.02`,
          lines: wrapWords(course.title, 30),
          caption: 'Trailer · Darasa',
          seconds: TRAILER_SECONDS,
          toneHz: 220 + i * 15,
        };
        trailerClips[i] = await makeClipFiles(spec, path.join(workDir, `trailer-${i}`));
      });
      jobs.push(async () => {
        const id = newId();
        made.push(path.join(mediaDir, id));
        thumbnails[i] = { id, meta: await makeDemoThumbnail(course, path.join(mediaDir, id), workDir) };
      });
    }
    let done = 0;
    await mapLimit(jobs, 2, async (job) => {
      await job();
      if (++done % 10 === 0 || done === jobs.length) log.info({ done, of: jobs.length }, 'demo media progress');
    });

    const result: DemoCourseMedia[] = [];
    for (const [i, course] of courses.entries()) {
      const trailer = await placeVideo(trailerClips[i]!, mediaDir);
      made.push(path.join(mediaDir, trailer.id));
      const episodes = [];
      for (const n of course.episodes.keys()) {
        const episode = await placeVideo(episodeClips[n % episodeClips.length]!, mediaDir);
        made.push(path.join(mediaDir, episode.id));
        episodes.push(episode);
      }
      result.push({ thumbnail: thumbnails[i]!, trailer, episodes });
    }
    return result;
  } catch (err) {
    await removeDemoMedia(mediaDir, made);
    throw err;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** The asset folders of prepared media, for removal when the database step does not happen. */
export function demoAssetIds(media: DemoCourseMedia[]): string[] {
  return media.flatMap((m) => [m.thumbnail.id, m.trailer.id, ...m.episodes.map((e) => e.id)]);
}

export async function removeDemoMedia(mediaDir: string, dirsOrIds: string[]): Promise<void> {
  await Promise.all(
    dirsOrIds.map((d) => fs.rm(path.isAbsolute(d) ? d : path.join(mediaDir, d), { recursive: true, force: true })),
  );
}
