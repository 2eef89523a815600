// Which renditions the screen can show (docs/decisions/0015-phone-player.md): a rendition is worth
// fetching when it is no taller than the picture is displayed inside the player (object-fit: contain),
// in device pixels, with the pixel ratio capped at 2 — beyond that a phone's extra density is invisible
// in moving video and would triple the data.
export const MAX_PIXEL_RATIO = 2;

export interface LevelSize {
  width: number;
  height: number;
}

/** The index of the tallest level that fits the displayed picture (levels sorted low to high; at least 0). */
export function screenLevelCap(levels: LevelSize[], box: LevelSize, devicePixelRatio: number): number {
  const ratio = Math.min(Math.max(devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
  let cap = 0;
  levels.forEach((l, i) => {
    if (!l.width || !l.height) return;
    // Height of this level's picture when contained in the box.
    const shown = Math.min(box.height, (box.width * l.height) / l.width);
    if (l.height <= Math.ceil(shown * ratio)) cap = i;
  });
  return cap;
}
