// Checks a WebVTT file the way a creator needs it checked: a header, then cues whose timings parse and end
// after they start, with the line of the first problem. Browsers skip a bad cue silently; a creator
// should hear about it at upload instead of finding a caption missing in the player.
import { invalidInput } from '#server/core/errors.ts';
import { CAPTION_MESSAGES } from '#common/captions/captions.ts';

const TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t].*)?$`);

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** The number of cues in a WebVTT text (line endings normalised to \n), or an invalid_input error. */
export function parseVtt(text: string): number {
  if (!/^WEBVTT(?:[ \t].*)?$/.test(text.split('\n', 1)[0] ?? '')) throw invalidInput(CAPTION_MESSAGES.notCaptions);
  const lines = text.split('\n');
  let cues = 0;
  let i = 0;
  // The header block runs to the first blank line.
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const start = i;
    while (i < lines.length && lines[i]!.trim() !== '') i++;
    const block = lines.slice(start, i);
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    // A cue: an optional identifier line, then its timing line.
    const at = block[0]!.includes('-->') ? 0 : 1;
    const timing = block[at] === undefined ? null : TIMING.exec(block[at]!);
    if (!timing) throw invalidInput(CAPTION_MESSAGES.badTiming(start + at + 1));
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = timing;
    if (seconds(h2, m2!, s2!, ms2!) <= seconds(h1, m1!, s1!, ms1!))
      throw invalidInput(CAPTION_MESSAGES.badTiming(start + at + 1));
    cues++;
  }
  if (!cues) throw invalidInput(CAPTION_MESSAGES.noCues);
  return cues;
}
