// A course's lesson list as its sections divide it (decision 0064): the lessons before the first heading
// (no section), then each section with its lessons, in the course's order. The operations keep a section's
// lessons consecutive, so grouping runs of the same section is enough.
import type { SectionView } from '#common/studio/sections.ts';

export interface SectionGroup<L> {
  /** Null for the lessons before the first heading (all of them in a course without sections). */
  section: SectionView | null;
  lessons: L[];
}

/** Groups the lessons (in course order); a section with no lessons is left out of what learners see. */
export function sectionGroups<L extends { sectionId: string | null }>(
  lessons: readonly L[],
  sections: readonly SectionView[],
): SectionGroup<L>[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const groups: SectionGroup<L>[] = [];
  for (const lesson of lessons) {
    const section = (lesson.sectionId && byId.get(lesson.sectionId)) || null;
    const last = groups.at(-1);
    if (last && last.section?.id === section?.id) last.lessons.push(lesson);
    else groups.push({ section, lessons: [lesson] });
  }
  return groups;
}

/** A section's length in seconds: its videos' durations and its text lessons' reading times. */
export function sectionSeconds(lessons: readonly { duration: number; readingMinutes: number }[]): number {
  return lessons.reduce((sum, l) => sum + l.duration + l.readingMinutes * 60, 0);
}
