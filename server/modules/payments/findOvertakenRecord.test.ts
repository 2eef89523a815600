import { describe, expect, it } from 'vitest';
import { findOvertakenRecord } from './findOvertakenRecord.ts';

/** A store whose request records its reference right after the n-th read of any kind. */
function store(recordAfterReads: number) {
  let reads = 0;
  let stored = false;
  const read = () => {
    reads++;
    if (reads === recordAfterReads) stored = true;
  };
  return {
    find: async () => {
      const seen = stored;
      read();
      return seen ? { id: 'p1' } : undefined;
    },
    anyInFlight: async () => {
      const seen = !stored;
      read();
      return seen;
    },
  };
}

describe('findOvertakenRecord', () => {
  it('finds a reference stored between the in-flight check and the look-up', async () => {
    for (const after of [1, 2, 3, 4, 5]) {
      const s = store(after);
      expect(await findOvertakenRecord(s.find, s.anyInFlight)).toEqual({ id: 'p1' });
    }
  });

  it('answers nothing after one look when no request is in flight', async () => {
    let looks = 0;
    const find = async () => {
      looks++;
      return undefined;
    };
    expect(await findOvertakenRecord(find, async () => false)).toBeUndefined();
    expect(looks).toBe(1);
  });
});
