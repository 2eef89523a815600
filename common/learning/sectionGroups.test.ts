import { describe, expect, it } from 'vitest';
import { sectionGroups, sectionSeconds } from './sectionGroups.ts';

const sections = [
  { id: 'a', title: 'Misingi' },
  { id: 'b', title: 'Faida' },
  { id: 'empty', title: 'Bado' },
];
const lesson = (id: string, sectionId: string | null) => ({ id, sectionId });

describe('sectionGroups', () => {
  it('puts a course without sections in one group without a heading', () => {
    const lessons = [lesson('1', null), lesson('2', null)];
    expect(sectionGroups(lessons, [])).toEqual([{ section: null, lessons }]);
  });

  it('groups runs of one section in order, lessons before the first heading first, empty sections left out', () => {
    const groups = sectionGroups(
      [lesson('1', null), lesson('2', 'a'), lesson('3', 'a'), lesson('4', 'b'), lesson('5', 'gone')],
      sections,
    );
    expect(groups.map((g) => [g.section?.title ?? null, g.lessons.map((l) => l.id)])).toEqual([
      [null, ['1']],
      ['Misingi', ['2', '3']],
      ['Faida', ['4']],
      // A section that no longer exists reads as no section.
      [null, ['5']],
    ]);
  });

  it('adds videos’ durations and text lessons’ reading times', () => {
    expect(
      sectionSeconds([
        { duration: 90, readingMinutes: 0 },
        { duration: 0, readingMinutes: 3 },
      ]),
    ).toBe(270);
  });
});
