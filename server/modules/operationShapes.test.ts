// Holds every module to the operation shapes of docs/conventions.md#operations: an exported function that
// takes services or a database is an operation (services, actor, input), system work (services, input) or
// a transaction step (trx, input) named …InTx. Anything else fails here with its file and parameters.
import { describe, expect, it } from 'vitest';
import { moduleExports } from './operationShapes.ts';

const root = new URL('../..', import.meta.url).pathname;

describe('operation shapes', () => {
  const all = moduleExports(root);

  it('finds the operations (the reader works)', () => {
    expect(all.some((f) => f.name === 'startPayment' && f.shape === 'operation')).toBe(true);
    expect(all.length).toBeGreaterThan(50);
  });

  it('every exported function that takes services or a database has one of the shapes', () => {
    const wrong = all.filter((f) => f.shape === 'other').map((f) => `${f.file}: ${f.name}(${f.params.join(', ')})`);
    expect(wrong).toEqual([]);
  });
});
