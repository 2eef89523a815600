// Docs that drift from the code mislead: the README's configuration table must name exactly the variables
// server/config/config.ts reads, each once.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const configSource = fs.readFileSync('server/config/config.ts', 'utf8');
const readme = fs.readFileSync('README.md', 'utf8');

/** Keys of the zod env schema: `  NAME: z…` lines. */
const declared = [...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]!);
/** First column of the README's configuration table: "| `NAME` | …". */
const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);

describe('README configuration table', () => {
  it('finds the variables in both places', () => {
    expect(declared).toContain('DATABASE_URL');
    expect(documented).toContain('DATABASE_URL');
  });

  it('documents every variable of server/config/config.ts and no other', () => {
    expect([...documented].sort()).toEqual([...new Set(declared)].sort());
  });

  it('lists each variable once', () => {
    expect(new Set(documented).size).toBe(documented.length);
  });
});
