// The modules of server/modules/ as a graph, one node per folder, read from the imports dependency-cruiser
// resolves (the config's resolution, so `#server/…` aliases and relative paths alike), so moduleCycles.test.ts
// can hold the folders to no cycle. File-level cycles are dependency-cruiser's own `no-circular` rule; a cycle
// between folders (a file of A imports B, another file of B imports A) passes that rule and is caught here.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One module using another: the first import (file → file) that makes it, to say where to look. */
export interface ModuleEdge {
  from: string;
  to: string;
  via: string;
  /** Every import of the edge is `import type` (erased at run time). */
  typeOnly: boolean;
}

type Cruised = {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
};

const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];

/** The folder-to-folder imports of server/modules/ (tests left out: nothing imports them). */
export function moduleEdges(cruised: Cruised): ModuleEdge[] {
  const edges = new Map<string, ModuleEdge>();
  for (const m of cruised.modules) {
    const from = moduleOf(m.source);
    if (!from || /\.test\.tsx?$/.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = moduleOf(d.resolved);
      if (!to || to === from) continue;
      const typeOnly = d.dependencyTypes.includes('type-only');
      const key = `${from}→${to}`;
      const known = edges.get(key);
      if (!known) edges.set(key, { from, to, via: `${m.source} → ${d.resolved}`, typeOnly });
      else if (known.typeOnly && !typeOnly) edges.set(key, { ...known, via: `${m.source} → ${d.resolved}`, typeOnly });
    }
  }
  return [...edges.values()].sort((a, b) => `${a.from}→${a.to}`.localeCompare(`${b.from}→${b.to}`));
}

/** Runs dependency-cruiser on server/modules/ of the checkout at `root`. */
export async function cruiseModules(root: string): Promise<Cruised> {
  const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const args = [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--no-progress', 'server/modules'];
  // A rule violation exits non-zero but still prints the graph.
  const { stdout } = await run(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => {
      if (!error.stdout) throw error;
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(stdout) as Cruised;
}

/**
 * Every elementary cycle of the graph, each as its edges, starting at its smallest module name (so each is
 * listed once). The graph is a few dozen folders: a plain search is enough.
 */
export function findCycles(edges: ModuleEdge[]): ModuleEdge[][] {
  const out = new Map<string, ModuleEdge[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const cycles: ModuleEdge[][] = [];
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  for (const start of nodes) {
    const walk = (at: string, path: ModuleEdge[], seen: Set<string>) => {
      for (const e of out.get(at) ?? []) {
        if (e.to === start) cycles.push([...path, e]);
        // Only modules after `start` are walked through, so a cycle is found from its smallest module alone.
        else if (e.to > start && !seen.has(e.to)) walk(e.to, [...path, e], new Set(seen).add(e.to));
      }
    };
    walk(start, [], new Set([start]));
  }
  return cycles;
}

/** `a → b → a`, with the import behind each step. */
export const describeCycle = (cycle: ModuleEdge[]): string =>
  [cycle[0]!.from, ...cycle.map((e) => `→ ${e.to} (${e.via})`)].join(' ');
