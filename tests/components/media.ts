// Real media for the player tests, made by ffmpeg (and the app's own HLS pipeline) into a gitignored
// folder kept between runs, and served as the component tests' public files: /clip.mp4 (a 30 s MP4) and
// /hls/master-listen.m3u8 (the 240p + 360p ladder of a 4 s clip with its audio-only "Listen only"
// rendition, as the app's transcoder makes it) and /hls/master-video.m3u8 (the same ladder without the
// audio-only variant, as older uploads have it). Made in the config hook, not in globalSetup:
// Vite lists the public files when its server starts, and globalSetup runs after that.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const MEDIA_DIR = path.resolve(import.meta.dirname, '.media');

let made: Promise<void> | null = null;

async function makeMedia(): Promise<void> {
  const { makeClip } = await import('#tests/support/makeClip.ts');
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  const mp4 = path.join(MEDIA_DIR, 'clip.mp4');
  if (!fs.existsSync(mp4)) {
    const tmp = path.join(MEDIA_DIR, `clip.${process.pid}.mp4`);
    await makeClip(tmp, { width: 320, height: 180, seconds: 30, fps: 10 });
    fs.renameSync(tmp, mp4);
  }
  const hls = path.join(MEDIA_DIR, 'hls');
  if (!fs.existsSync(path.join(hls, 'master.m3u8'))) {
    const { probeVideo } = await import('#server/modules/media/probeVideo.ts');
    const { transcodeVideo } = await import('#server/modules/media/transcodeVideo.ts');
    const source = await makeClip(path.join(MEDIA_DIR, `hls-source.${process.pid}.mp4`), {
      width: 640,
      height: 360,
      seconds: 4,
      fps: 10,
    });
    await transcodeVideo(source, await probeVideo(source), hls); // written aside, renamed into place
    fs.rmSync(source);
  }
  const master = fs.readFileSync(path.join(hls, 'master.m3u8'), 'utf8');
  if (!master.includes('audio/index.m3u8')) throw new Error('the transcoder made no audio-only rendition');
  fs.writeFileSync(path.join(hls, 'master-listen.m3u8'), master);
  // Drop the audio-only variants (AAC and Opus): each #EXT-X-STREAM-INF line and the URI line after it.
  fs.writeFileSync(
    path.join(hls, 'master-video.m3u8'),
    master.replace(/#EXT-X-STREAM-INF:[^\n]*\naudio(-opus)?\/index\.m3u8\n?/g, ''),
  );
}

export function testMedia(): Plugin {
  return {
    name: 'darasa-test-media',
    async config() {
      made ??= makeMedia();
      await made;
      return { publicDir: MEDIA_DIR };
    },
  };
}
