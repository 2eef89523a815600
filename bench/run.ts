// `npm run bench [-- name…]`: runs every benchmark in bench/*.ts that exports `benchmark` (see
// lib/types.ts), one after the other, prints each figure beside its same-run reference and writes all of
// them to bench/results/<time>.json. BENCH_QUICK=1 makes short smoke runs. BENCH_GUARD=1 is CI's guard
// (.ci/run): quick runs of the benchmarks named, each figure with a `floor` checked against it (half its
// goal), ending with "N passed" / "N failed" lines that .ci/run counts; the exit status fails on a figure
// below its floor or a benchmark that failed, never on a goal merely not met.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchContext, Figure } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const guard = process.env.BENCH_GUARD === '1';
const quick = guard || process.env.BENCH_QUICK === '1';
const wanted = process.argv.slice(2);

/** A file that cannot even be loaded becomes a benchmark that fails, so the others still run. */
function unloadable(file: string, err: unknown): Benchmark {
  const name = path.basename(file, '.ts');
  return {
    name,
    description: `${file} (failed to load)`,
    run: () => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  };
}

async function discover(): Promise<Benchmark[]> {
  const files = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  const found: Benchmark[] = [];
  for (const f of files) {
    try {
      const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { benchmark?: Benchmark };
      if (mod.benchmark) found.push(mod.benchmark);
    } catch (err) {
      found.push(unloadable(f, err));
    }
  }
  return found;
}

function format(f: Figure): string {
  let line = `  ${f.label}: ${f.value} ${f.unit}`;
  if (f.reference) line += `  | reference ${f.reference.label}: ${f.reference.value} ${f.unit}  | ratio ${f.ratio}`;
  if (f.goal) line += `  | goal ${f.goal}: ${f.met ? 'met' : 'NOT met'}`;
  if (guard && f.floor !== undefined) line += `  | guard ≥ ${f.floor}: ${(f.ratio ?? 0) >= f.floor ? 'ok' : 'FAILED'}`;
  return line;
}

const all = await discover();
const unknown = wanted.filter((w) => !all.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.map((b) => b.name).join(', ')}`);
  process.exit(1);
}
const selected = wanted.length ? all.filter((b) => wanted.includes(b.name)) : all;
const results: { name: string; description: string; figures?: Figure[]; error?: string; seconds: number }[] = [];
const machine = { node: process.version, cpus: (await import('node:os')).cpus().length, quick, guard };
console.log(
  `Darasa benchmarks (${selected.map((b) => b.name).join(', ')})${guard ? ' — CI guard' : quick ? ' — quick mode' : ''}`,
);

for (const b of selected) {
  console.log(`\n## ${b.name}: ${b.description}`);
  const ctx: BenchContext = { quick, guard, log: (m) => console.log(`  · ${m}`) };
  const t0 = performance.now();
  try {
    const figures = await b.run(ctx);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    for (const f of figures) console.log(format(f));
    results.push({ name: b.name, description: b.description, figures, seconds });
  } catch (err) {
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    console.error(`  ${b.name} FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    results.push({ name: b.name, description: b.description, error: String(err), seconds });
  }
}

const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), machine, results }, null, 2));
console.log(`\nResults written to ${path.relative(process.cwd(), out)}`);
const missed = results.flatMap((r) =>
  (r.figures ?? []).filter((f) => f.met === false).map((f) => `${r.name}: ${f.label}`),
);
if (missed.length) console.log(`Goals not met:\n  ${missed.join('\n  ')}`);
process.exitCode = results.some((r) => r.error) ? 1 : 0;
if (guard) {
  // One check per figure with a floor, and one per benchmark that failed to run: counted by .ci/run.
  const checks = results.flatMap((r) =>
    r.error
      ? [{ name: `${r.name}: did not finish`, ok: false }]
      : (r.figures ?? [])
          .filter((f) => f.floor !== undefined)
          .map((f) => ({
            name: `${r.name}: ${f.label} ratio ${f.ratio} (floor ${f.floor})`,
            ok: (f.ratio ?? 0) >= f.floor!,
          })),
  );
  console.log('\nCI guard (each ratio against its floor):');
  for (const c of checks) console.log(`  ${c.ok ? 'ok' : 'FAILED'}  ${c.name}`);
  const failedChecks = checks.filter((c) => !c.ok).length;
  console.log(`  ${checks.length - failedChecks} passed`);
  if (failedChecks) console.log(`  ${failedChecks} failed`);
  if (!checks.length || failedChecks) process.exitCode = 1;
}
