// The migration list is derived from the files: each `NNNN_name.ts` is registered once, under its own
// name, in number order, so the next number is always one more than the highest file here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.ts';

const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => /^\d{4}_[a-z0-9_]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('migrations', () => {
  it('registers every migration file under its own name, in number order', () => {
    expect(Object.keys(migrations)).toEqual(files);
  });

  it('uses each number once', () => {
    const numbers = files.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
