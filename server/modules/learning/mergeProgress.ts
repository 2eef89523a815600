// The sync rule for positions reported late (docs/decisions/0023): a device that watched offline sends
// each position with the time it was recorded; the server keeps the most recently recorded position, so
// an old offline report never moves back a learner who has since watched further on another device.

export interface ProgressState {
  position: number;
  completed: boolean;
  /** When the position was recorded on the device (ms since the epoch). */
  recordedAt: number;
}

/** A recorded time this far ahead of the server's clock is a device clock that runs fast. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The row to keep when `incoming` meets what is stored (`stored` null: nothing yet).
 * - A time in the future (beyond a little clock skew) counts as now: a device cannot win by its clock.
 * - The later recorded position wins; on a tie, the incoming one (a repeat of the same report is harmless).
 * - Completion only ever goes from false to true: a report made before finishing cannot undo it.
 */
export function mergeProgress(stored: ProgressState | null, incoming: ProgressState, now: number): ProgressState {
  const recordedAt = Math.min(incoming.recordedAt, now + MAX_CLOCK_SKEW_MS);
  const next = { ...incoming, recordedAt };
  if (!stored) return next;
  const completed = stored.completed || next.completed;
  return next.recordedAt >= stored.recordedAt ? { ...next, completed } : { ...stored, completed };
}
