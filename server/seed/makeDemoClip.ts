// Real, small demo videos made by ffmpeg from its built-in test sources: a moving picture, text drawn on
// it and a soft tone, encoded the way uploads will be served (H.264 + AAC, fast start).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';

export interface ClipSpec {
  /** An ffmpeg lavfi video source at 640x360, e.g. `testsrc2=s=640x360:r=24`. */
  source: string;
  /** Big centred lines, then one small line at the bottom. */
  lines: string[];
  caption: string;
  seconds: number;
  toneHz: number;
}

/** Escapes a value for use inside a filtergraph option (quotes, colons, commas, backslashes). */
function filterValue(v: string): string {
  return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "'\\\\\\''").replace(/:/g, '\\:').replace(/%/g, '\\%')}'`;
}

function font(bold: boolean): string {
  const file = `${FONT_DIR}/DejaVuSans${bold ? '-Bold' : ''}.ttf`;
  // Without the Debian font package ffmpeg still finds a sans face through fontconfig.
  return fs.existsSync(file) ? `fontfile=${filterValue(file)}` : `font=Sans`;
}

function drawText(text: string, size: number, y: string, bold: boolean): string {
  return (
    `drawtext=${font(bold)}:text=${filterValue(text)}:fontsize=${size}:fontcolor=white` +
    `:x=(w-text_w)/2:y=${y}:box=1:boxcolor=black@0.45:boxborderw=10:expansion=none`
  );
}

export async function makeDemoClip(spec: ClipSpec, out: string): Promise<void> {
  const lineHeight = 44;
  const top = `(h-${spec.lines.length * lineHeight})/2`;
  const texts = spec.lines.map((line, i) => drawText(line, 32, `${top}+${i * lineHeight}`, true));
  texts.push(drawText(spec.caption, 18, 'h-44', false));
  const video = [spec.source, ...texts, 'format=yuv420p'].join(',');
  const fadeOut = Math.max(0, spec.seconds - 0.6);
  const audio = `sine=frequency=${spec.toneHz}:sample_rate=44100,volume=0.15,afade=t=in:d=0.6,afade=t=out:st=${fadeOut}:d=0.6`;
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      video,
      '-f',
      'lavfi',
      '-i',
      audio,
      '-t',
      String(spec.seconds),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-r',
      '24',
      '-threads',
      '1',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-movflags',
      '+faststart',
      out,
    ],
    { timeout: 120_000 },
  );
}
