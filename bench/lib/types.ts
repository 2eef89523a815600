// The contract between `bench/run.ts` and each benchmark file: a benchmark measures something and the
// reference it is compared with in the same run, and returns figures (printed and written as JSON).

export interface Figure {
  /** What was measured, e.g. "GET / requests/s". */
  label: string;
  value: number;
  unit: string;
  /** The same-run reference this figure is compared with (a bare server, a bare ffmpeg, `select 1`…). */
  reference?: { label: string; value: number };
  /** value / reference.value, when a reference is given. */
  ratio?: number;
  /** The budget or goal from docs/product.md / the issue, in words, and whether this run met it. */
  goal?: string;
  met?: boolean;
  /**
   * CI's guard (BENCH_GUARD=1): the lowest ratio that passes, half of the goal's. Below it `bench/run.ts`
   * fails; between it and the goal the figure is only reported.
   */
  floor?: number;
}

export interface BenchContext {
  /** BENCH_QUICK=1: shorter runs and smaller data, for a smoke test of the benchmark itself. */
  quick: boolean;
  /** BENCH_GUARD=1 (implies quick): CI's short run of the figures that carry a `floor`. */
  guard: boolean;
  /** Prints a progress line. */
  log(message: string): void;
}

export interface Benchmark {
  /** Short name used on the command line: `npm run bench -- http`. */
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}
