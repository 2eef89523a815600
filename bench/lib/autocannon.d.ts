// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    method?: string;
    body?: string;
    /** Seconds before a request counts as an error (default 10). */
    timeout?: number;
    /** Each connection cycles through these requests in order. */
    requests?: { path?: string; method?: string }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds the run lasted. */
    duration: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
