// One ffmpeg pass that makes the chosen codec families' renditions (hlsLadder.ts) in a local folder, then
// each family measured from its files (masterPlaylist.ts); a rendition above its budget is made again at a
// lower cap. Shared by the upload pipeline (transcodeVideo.ts: both families, then stills and the master)
// and the AV1 backfill (addAv1Job.ts: the AV1 family alone, beside an older H.264 ladder).
import fs from 'node:fs/promises';
import path from 'node:path';
import { audioOnlyFor, ladderArgs, type PlannedRendition, planRenditions, type VideoCodec } from './hlsLadder.ts';
import { AAC_LC, measureVariant, OPUS, type Variant } from './masterPlaylist.ts';
import { runFfmpeg } from './runFfmpeg.ts';
import type { VideoProbe } from './probeVideo.ts';

export interface EncodeOptions {
  signal?: AbortSignal;
  onProgress?(percent: number): void;
  /** ffmpeg's niceness (runFfmpeg.ts). */
  nice: number;
}

/** One family as made: its planned renditions, each measured, and its Listen only (null without sound). */
export interface EncodedFamily {
  codec: VideoCodec;
  planned: PlannedRendition[];
  videos: Variant[];
  audio: Variant | null;
}

/** Writes the families' rendition folders into `work` (made if missing) and measures them. */
export async function encodeLadder(
  original: string,
  probe: VideoProbe,
  work: string,
  codecs: VideoCodec[],
  opts: EncodeOptions,
): Promise<EncodedFamily[]> {
  await fs.mkdir(work, { recursive: true });
  const renditions = planRenditions(probe.width, probe.height, codecs);
  await runFfmpeg(ladderArgs(original, work, renditions, probe), {
    duration: probe.duration,
    nice: opts.nice,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const hasAudio = probe.hasAudio;
  return Promise.all(
    codecs.map(async (codec) => {
      const audioCodec = codec === 'av1' ? OPUS : AAC_LC;
      const planned = renditions.filter((r) => r.codec === codec);
      const measure = (r: PlannedRendition) =>
        measureVariant(work, r.name, { hasAudio, audioCodec, size: { width: r.width, height: r.height } });
      const videos = await Promise.all(
        planned.map(async (r) => {
          let v = await measure(r);
          // The cap is loose, so a remade rendition can still be over; a second refit from it lands inside.
          for (let rung = r, tries = 0; r.budgetKbps && v.average > r.budgetKbps * 1000 && tries < 2; tries++) {
            rung = { ...rung, videoKbps: refitCap(rung, v.average) };
            await remake(original, probe, work, rung, opts);
            v = await measure(r);
          }
          return v;
        }),
      );
      const audio = hasAudio ? await measureVariant(work, audioOnlyFor(codec).name, { hasAudio, audioCodec }) : null;
      return { codec, planned, videos, audio };
    }),
  );
}

/** What a rendition's container costs beside its media, in kbit/s (fMP4 fragment headers, ≈ 4 at 240p). */
const CONTAINER_KBPS = 4;

/**
 * The lower cap for a rendition above its budget: the video's share of the budget (less sound and
 * container) over what the video took, applied to the cap, with 10 % to spare (the loose cap overshoots
 * more the lower it is set).
 */
function refitCap(r: PlannedRendition, averageBps: number): number {
  const video = averageBps / 1000 - r.audioKbps - CONTAINER_KBPS;
  const room = r.budgetKbps! - r.audioKbps - CONTAINER_KBPS;
  return Math.floor((r.videoKbps * room * 0.9) / video);
}

/** Makes one rendition again (its own ffmpeg run) and puts it in place of the first one. */
async function remake(original: string, probe: VideoProbe, work: string, r: PlannedRendition, opts: EncodeOptions) {
  const scratch = path.join(work, '.remake');
  await fs.mkdir(scratch, { recursive: true });
  await runFfmpeg(ladderArgs(original, scratch, [r], probe), {
    duration: probe.duration,
    nice: opts.nice,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  await fs.rm(path.join(work, r.name), { recursive: true, force: true });
  await fs.rename(path.join(scratch, r.name), path.join(work, r.name));
  await fs.rm(scratch, { recursive: true, force: true });
}
