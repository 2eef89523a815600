// SubRip (SRT) to WebVTT. The two differ in the header, the decimal comma of timestamps and SRT's optional
// position coordinates; cue numbers stay as WebVTT cue identifiers. Checking the result is parseVtt's job.

const SRT_TIMING =
  /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})[ \t]+-->[ \t]+(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})(?:[ \t].*)?$/;

/** Whether the text (line endings normalised) starts like an SRT file: an optional number, then a timing. */
export function looksLikeSrt(text: string): boolean {
  const lines = text.trimStart().split('\n', 3);
  const timing = /^\d+$/.test(lines[0]?.trim() ?? '') ? lines[1] : lines[0];
  return SRT_TIMING.test(timing?.trim() ?? '');
}

const stamp = (h: string, m: string, s: string, ms: string) => `${h.padStart(2, '0')}:${m}:${s}.${ms}`;

export function srtToVtt(text: string): string {
  const out = ['WEBVTT', ''];
  for (const line of text.split('\n')) {
    const t = SRT_TIMING.exec(line.trim());
    if (t) {
      const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = t as unknown as string[];
      out.push(`${stamp(h1!, m1!, s1!, ms1!)} --> ${stamp(h2!, m2!, s2!, ms2!)}`);
    } else {
      // An arrow inside cue text would read as a timing line in WebVTT.
      out.push(line.replaceAll('-->', '->'));
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
