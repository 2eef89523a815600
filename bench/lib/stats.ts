/** Percentile (nearest rank) of a list of numbers, e.g. p(values, 95). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** Times `fn` `times` times (after `warmup` untimed calls), in milliseconds per call. */
export async function timeCalls(fn: () => Promise<unknown>, times: number, warmup = Math.ceil(times / 10)) {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), samples: ms.length };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A figure compared with its same-run reference. */
export function compared(
  label: string,
  value: number,
  unit: string,
  reference: { label: string; value: number },
  goal?: { text: string; met: (value: number, ratio: number) => boolean },
  /** CI's guard: the lowest ratio that passes (half the goal's). */
  floor?: number,
) {
  const ratio = reference.value ? round(value / reference.value, 3) : NaN;
  return {
    label,
    value: round(value),
    unit,
    reference: { label: reference.label, value: round(reference.value) },
    ratio,
    ...(goal ? { goal: goal.text, met: goal.met(value, ratio) } : {}),
    ...(floor !== undefined ? { floor } : {}),
  };
}
