import { z } from 'zod';
import { DomainError } from '#server/core/errors.ts';
import { ffprobeJson } from './ffprobeJson.ts';

export interface VideoProbe {
  /** Seconds, to the millisecond. */
  duration: number;
  /** As displayed: a phone video recorded upright reports its portrait size even when stored rotated. */
  width: number;
  height: number;
  hasAudio: boolean;
  /** Average frames per second, when the container says (absent for some variable-rate files). */
  frameRate?: number;
  /** ffmpeg's name of the video codec, e.g. `h264`, `hevc`, `vp9`. */
  codec: string;
  /** ffmpeg's container name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
}

/** The containers uploads may use (docs/product.md, uploads: MP4, MOV, AVI, WebM), as ffprobe names them. */
const VIDEO_CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'];

const NOT_A_VIDEO = 'This file is not a video we can play. Please upload an MP4, MOV, AVI or WebM video.';
const DAMAGED = 'This video file is incomplete or damaged. Please upload it again.';
const notVideo = (message: string) => new DomainError('not_video', message);

const num = z.union([z.number(), z.string()]).transform(Number).optional();
const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  nb_frames: num,
  nb_read_packets: num,
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: num }).partial()).optional(),
});
const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string().optional(), duration: num }).partial().optional(),
});

export interface ProbeOptions {
  /** Each ffprobe run is killed after this long (a hostile file must not hang a worker). */
  timeoutMs?: number;
}

/**
 * Reads a video's duration, size, codec and audio presence with ffprobe, and refuses (a `not_video`
 * DomainError) anything that is not a complete, decodable video in an accepted container: images
 * renamed `.mp4`, truncated uploads (every packet the header promises is read, without decoding) and
 * streams whose first frame does not decode.
 */
export async function probeVideo(file: string, opts: ProbeOptions = {}): Promise<VideoProbe> {
  const timeout = opts.timeoutMs ?? 60_000;
  const ffprobe = (args: string[]) =>
    ffprobeJson(file, args, {
      timeoutMs: timeout,
      refused: () => notVideo(NOT_A_VIDEO),
      damaged: () => notVideo(DAMAGED),
    });

  const [info, firstFrame] = await Promise.all([
    ffprobe(['-count_packets', '-show_format', '-show_streams']),
    ffprobe(['-select_streams', 'v:0', '-read_intervals', '%+#1', '-show_entries', 'frame=width,height']),
  ]);
  const parsed = probeSchema.safeParse(JSON.parse(info.stdout || '{}'));
  if (!parsed.success) throw notVideo(NOT_A_VIDEO);
  const { streams, format } = parsed.data;
  const container = format?.format_name ?? '';
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = format?.duration;
  if (!VIDEO_CONTAINERS.includes(container) || !video?.width || !video.height || !duration || !(duration > 0)) {
    throw notVideo(NOT_A_VIDEO);
  }
  // ffprobe reports demuxing errors (a cut-off file, a broken index) on stderr but still exits 0; and a
  // file cut short after its header still declares all of its frames. Decoder chatter on the first frame
  // is common in healthy files (open GOPs), so there only a decoded frame counts.
  const truncated = video.nb_frames !== undefined && (video.nb_read_packets ?? 0) < video.nb_frames;
  const decoded = /"width"/.test(firstFrame.stdout);
  if (info.stderr.trim() || truncated || !decoded) throw notVideo(DAMAGED);

  const rotation = Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0);
  const sideways = Math.abs(rotation) % 180 === 90;
  const frameRate = rate(video.avg_frame_rate);
  return {
    duration: Math.round(duration * 1000) / 1000,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    ...(frameRate ? { frameRate } : {}),
    codec: video.codec_name ?? 'unknown',
    container,
  };
}

/** ffprobe's "30000/1001" as a number; undefined for "0/0" or nonsense. */
function rate(fraction: string | undefined): number | undefined {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  const fps = num! / (den ?? 1);
  return Number.isFinite(fps) && fps > 0 && fps < 1000 ? Math.round(fps * 1000) / 1000 : undefined;
}
