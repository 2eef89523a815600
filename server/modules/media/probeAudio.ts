import { z } from 'zod';
import { DomainError } from '#server/core/errors.ts';
import { UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';
import { ffprobeJson } from './ffprobeJson.ts';

export interface AudioProbe {
  /** Seconds, to the millisecond. */
  duration: number;
  /** ffmpeg's name of the sound's codec, e.g. `mp3`, `aac`, `opus`, `pcm_s16le`. */
  codec: string;
  /** ffmpeg's container name, e.g. `mp3`, `ogg`, `wav`, `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
}

/** The containers an audio lesson may come in (decision 0069), as ffprobe names them. */
const AUDIO_CONTAINERS = ['mp3', 'mov,mp4,m4a,3gp,3g2,mj2', 'aac', 'ogg', 'wav'];
const AUDIO_CODECS = [
  'mp3',
  'aac',
  'opus',
  'vorbis',
  'flac',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_s32le',
  'pcm_f32le',
  'pcm_u8',
];

const DAMAGED = 'This recording is incomplete or damaged. Please upload it again.';
const refused = () => new DomainError('unsupported_media_type', UPLOAD_MESSAGES.notAudio);

const num = z.union([z.number(), z.string()]).transform(Number).optional();
const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: num }).partial().optional(),
});

/**
 * Reads a recording's length with ffprobe and refuses anything that is not a sound file in an accepted
 * container (`unsupported_media_type`): a video (an audio lesson has no picture; an MP3's cover art is not
 * one), a file with no sound, or one whose first second of sound does not decode (`DAMAGED`).
 */
export async function probeAudio(file: string, opts: { timeoutMs?: number } = {}): Promise<AudioProbe> {
  const ffprobe = (args: string[]) =>
    ffprobeJson(file, args, {
      timeoutMs: opts.timeoutMs ?? 60_000,
      refused,
      damaged: () => new DomainError('unsupported_media_type', DAMAGED),
    });
  const [info, first] = await Promise.all([
    ffprobe(['-show_format', '-show_streams']),
    ffprobe(['-select_streams', 'a:0', '-read_intervals', '%+1', '-show_entries', 'frame=nb_samples']),
  ]);
  const parsed = probeSchema.safeParse(JSON.parse(info.stdout || '{}'));
  if (!parsed.success) throw refused();
  const { streams, format } = parsed.data;
  const container = format?.format_name ?? '';
  const audio = streams.find((s) => s.codec_type === 'audio');
  const picture = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = format?.duration;
  if (!AUDIO_CONTAINERS.includes(container) || !audio || picture || !duration || !(duration > 0)) throw refused();
  if (!AUDIO_CODECS.includes(audio.codec_name ?? '')) throw refused();
  if (!/"nb_samples"/.test(first.stdout)) throw new DomainError('unsupported_media_type', DAMAGED);
  return { duration: Math.round(duration * 1000) / 1000, codec: audio.codec_name ?? 'unknown', container };
}
