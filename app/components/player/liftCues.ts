// Our control bar lies over the bottom of the picture, where browsers draw captions: cues without a place of
// their own are set (as a percentage of the picture's height, the one placement Chromium re-renders at
// once) so their last line ends above the bar, whether the bar is showing or faded out.

/** Cues we placed (a creator's own `line:` settings are left alone). */
const placed = new WeakSet<TextTrackCue>();

/** A caption line is about 5.5 % of the picture's height (the browsers' 5 % font size with its leading). */
const LINE_SHARE = 5.5;

export function liftCues(video: HTMLVideoElement, bar: HTMLElement | null): void {
  const height = video.clientHeight;
  if (!bar || !height) return;
  const free = 100 - (100 * bar.offsetHeight) / height - 2;
  for (const track of Array.from(video.textTracks)) {
    if (track.mode !== 'showing') continue;
    for (const cue of Array.from(track.cues ?? [])) {
      if (!(cue instanceof VTTCue) || (cue.line !== 'auto' && !placed.has(cue))) continue;
      // The top of the cue's box: its lines stacked up from the free space's bottom edge.
      const top = Math.max(0, Math.round(free - cue.text.split('\n').length * LINE_SHARE));
      if (placed.has(cue) && cue.line === top) continue;
      placed.add(cue);
      cue.snapToLines = false;
      cue.line = top;
    }
  }
}
