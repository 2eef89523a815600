// An audio-only HLS rendition ("Listen only") made by ffmpeg next to an existing ladder, until the app's
// transcoder makes its own: fMP4 AAC at 48 kbit/s in 4 s segments under `audio/`, and the master playlist
// line that announces it (no RESOLUTION, an audio codec only).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const AUDIO_VARIANT =
  '#EXT-X-STREAM-INF:BANDWIDTH=64000,AVERAGE-BANDWIDTH=52000,CODECS="mp4a.40.2"\naudio/index.m3u8\n';

/** Writes `<ladderDir>/audio/` from `input` (any file with sound), or from a tone of `seconds` when no input. */
export async function makeAudioRendition(ladderDir: string, source: { input: string } | { seconds: number }) {
  const out = path.join(ladderDir, 'audio');
  await fs.mkdir(out, { recursive: true });
  const input =
    'input' in source
      ? ['-i', source.input]
      : ['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${source.seconds}`];
  await run('ffmpeg', [
    ...['-v', 'error', '-y', ...input, '-vn', '-c:a', 'aac', '-b:a', '48k', '-ac', '2', '-ar', '48000'],
    ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
    ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(out, 'seg_%05d.m4s')],
    path.join(out, 'index.m3u8'),
  ]);
}
