import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every date a person reads goes through common/i18n/formatting.ts (decision 0030): Intl in the page's
// language (en-KE / sw-KE), Nairobi time, the month in full. A date formatted by hand elsewhere
// ("toLocaleDateString('en-CA')", an 'en-GB' formatter) is how "27 Nov 2026" reached Kiswahili pages.
const HELPER = 'common/i18n/formatting.ts';
/** Machine keys, not words for people: Nairobi month and day keys for queries and statements. */
const KEYS_ONLY = new Set(['server/modules/shared/nairobiTime.ts']);
const BY_HAND = /toLocale(Date|Time)String\(|new Intl\.DateTimeFormat\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates', () => {
  it('are formatted by the one helper only', () => {
    const files = ['app', 'server', 'common'].flatMap(sourceFiles);
    expect(files).toContain(HELPER);
    const byHand = files.filter((f) => f !== HELPER && !KEYS_ONLY.has(f) && BY_HAND.test(readFileSync(f, 'utf8')));
    expect(byHand).toEqual([]);
  });
});
