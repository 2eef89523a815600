// Instalments, "lipa mdogo mdogo" (decision 0068): what the purchase form and the server both compute, so the
// amounts and dates a learner is shown are the ones M-Pesa is asked for.

/** The most parts a creator may allow; the fewest is 2. 0 on a course means no instalments. */
export const INSTALMENTS = { minParts: 2, maxParts: 4, daysBetween: 30, remindDaysBefore: 3 } as const;

const DAY_MS = 86_400_000;

/**
 * The amount of each part, in whole KES: equal parts, the shillings left over added to the first part (paid
 * now), so the parts sum exactly to the total and no later part is larger than the first.
 */
export function partAmounts(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => (i === 0 ? total - base * (parts - 1) : base));
}

/** When each part is due: part 1 when the plan starts, each next one 30 days after the one before. */
export function partDueDates(start: Date, parts: number): Date[] {
  return Array.from({ length: parts }, (_, i) => new Date(start.getTime() + i * INSTALMENTS.daysBetween * DAY_MS));
}

/** The part numbers a learner may choose on a course allowing up to `max` parts (none when `max` is 0). */
export function partChoices(max: number): number[] {
  if (max < INSTALMENTS.minParts) return [];
  return Array.from({ length: Math.min(max, INSTALMENTS.maxParts) - 1 }, (_, i) => i + INSTALMENTS.minParts);
}

/** Whether a price can be split in `parts` parts of at least KES 1 each (M-Pesa's least amount). */
export const canSplit = (total: number, parts: number): boolean => total >= parts && parts >= INSTALMENTS.minParts;

/** Learner-facing refusals (server messages: the English words are the catalogue ids). */
export const INSTALMENT_TEXT = {
  notOffered: 'This course cannot be paid in parts.',
  parts: 'Choose a number of parts this course allows.',
  onlyDirect: 'Instalments are for buying one course for yourself.',
  planNotFound: 'This instalment plan was not found.',
  partPaid: 'This part is already paid.',
  notNext: 'Please pay your parts in order: this is not your next part.',
  stopped: 'This instalment plan was refunded, so no further part can be paid.',
  amountChanged: 'The amount of this part has changed. Please check it and try again.',
  studioRange: 'Instalments must be off, or 2 to 4 parts.',
} as const;

/** A learner's plan as their pages show it: "2 of 3 parts paid", the next part's amount and due date. */
export interface InstalmentProgress {
  planId: string;
  parts: number;
  paid: number;
  /** Each part's amount, in order. */
  amounts: number[];
  /** Each part's due date (ISO), in order. */
  dueDates: string[];
  /** The part to pay next (1-based); null once all are paid or the plan was refunded. */
  nextPart: number | null;
  stopped: boolean;
}

export function instalmentProgress(plan: {
  planId: string;
  parts: number;
  paid: number;
  total: number;
  startedAt: Date;
  stopped: boolean;
}): InstalmentProgress {
  return {
    planId: plan.planId,
    parts: plan.parts,
    paid: plan.paid,
    amounts: partAmounts(plan.total, plan.parts),
    dueDates: partDueDates(plan.startedAt, plan.parts).map((d) => d.toISOString()),
    nextPart: plan.stopped || plan.paid >= plan.parts ? null : plan.paid + 1,
    stopped: plan.stopped,
  };
}
