// No import cycle between the folders of server/modules/ (run-time imports; `import type` edges are erased
// and cannot cause an initialisation-order bug), and modules/shared/ stands alone: every module may use it,
// so it uses none. A cycle is broken by moving the shared piece to the module that owns it.
import { describe, expect, it } from 'vitest';
import { cruiseModules, describeCycle, findCycles, type ModuleEdge, moduleEdges } from './moduleGraph.ts';

const root = new URL('../..', import.meta.url).pathname;

const edge = (from: string, to: string, typeOnly = false): ModuleEdge => ({ from, to, via: `${from}/x.ts`, typeOnly });

const edges = moduleEdges(await cruiseModules(root));

describe('module graph', () => {
  it('reads the imports between modules (the reader works)', () => {
    expect(edges.some((e) => e.from === 'payments' && e.to === 'enrollments')).toBe(true);
  });

  it('has no cycle between module folders', () => {
    expect(findCycles(edges.filter((e) => !e.typeOnly)).map(describeCycle)).toEqual([]);
  });

  it('keeps modules/shared free of other modules (type imports included)', () => {
    expect(edges.filter((e) => e.from === 'shared').map((e) => `shared → ${e.to} (${e.via})`)).toEqual([]);
  });
});

describe('findCycles', () => {
  it('finds each cycle once, from its smallest module, and nothing in a graph without one', () => {
    const graph = [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('b', 'a'), edge('c', 'd'), edge('d', 'e')];
    expect(findCycles(graph).map((c) => c.map((e) => e.from).join(' '))).toEqual(['a b c', 'a b']);
    expect(findCycles(graph.filter((e) => e.to !== 'a'))).toEqual([]);
  });

  it('keeps a module edge run-time when any of its imports is', () => {
    const cruised = {
      modules: [
        {
          source: 'server/modules/a/one.ts',
          dependencies: [
            { resolved: 'server/modules/b/two.ts', dependencyTypes: ['local', 'type-only', 'import'] },
            { resolved: 'server/modules/b/three.ts', dependencyTypes: ['local', 'import'] },
            { resolved: 'server/modules/a/four.ts', dependencyTypes: ['local', 'import'] },
          ],
        },
        {
          source: 'server/modules/b/two.test.ts',
          dependencies: [{ resolved: 'server/modules/a/one.ts', dependencyTypes: [] }],
        },
      ],
    };
    expect(moduleEdges(cruised)).toEqual([
      { from: 'a', to: 'b', via: 'server/modules/a/one.ts → server/modules/b/three.ts', typeOnly: false },
    ]);
  });
});
