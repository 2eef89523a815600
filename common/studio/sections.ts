// Course sections (issue 26, decision 0064): the words the studio and the server share, and the shapes
// of a section as the creator names it and of a lesson moved into one.
import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

export const SECTION_MESSAGES = {
  titleRequired: 'Please give the section a name',
  titleTooLong: 'The section name must be at most 80 characters',
  tooManySections: 'A course can have at most 50 sections.',
  sectionNotFound: 'This section was not found.',
  sectionAdded: 'Section added.',
  sectionRenamed: 'Section renamed.',
  sectionDeleted: 'Section deleted. Its lessons joined the section above.',
  lessonMoved: 'Lesson moved.',
  sectionSaveFailed: 'Failed to save the section. Please try again.',
  sectionDeleteFailed: 'Failed to delete the section. Please try again.',
  sectionDeleteConfirm: 'Delete this section? Its lessons stay and join the section above.',
  lessonMoveFailed: 'Failed to move the lesson. Please try again.',
  sectionOrderRequired: 'Send the sections in their new order',
  sectionsChanged: 'The sections have changed. Please reload the page and try again.',
  sectionsMoved: 'Sections reordered.',
  sectionMoveFailed: 'Failed to reorder the sections. Please try again.',
} as const;

export const SECTION_TITLE_MAX = 80;
export const SECTIONS_PER_COURSE = 50;

/** A section's name, as added or renamed. */
export const sectionInput = z.object({
  title: z
    .string({ error: SECTION_MESSAGES.titleRequired })
    .trim()
    .min(1, SECTION_MESSAGES.titleRequired)
    .max(SECTION_TITLE_MAX, SECTION_MESSAGES.titleTooLong),
});

/** Moving a lesson into a section (null: before the first heading). */
export const lessonSectionInput = z.object({
  sectionId: z
    .string({ error: SECTION_MESSAGES.sectionNotFound })
    .regex(ID_PATTERN, SECTION_MESSAGES.sectionNotFound)
    .nullable(),
});

/**
 * The order of a course's groups of lessons (decision 0069): every section's id once, and `null` once for
 * the lessons without a section, wherever the creator puts them.
 */
export const sectionOrderInput = z.object({
  order: z
    .array(z.string().regex(ID_PATTERN, SECTION_MESSAGES.sectionNotFound).nullable(), {
      error: SECTION_MESSAGES.sectionOrderRequired,
    })
    .min(1, SECTION_MESSAGES.sectionOrderRequired)
    .max(SECTIONS_PER_COURSE + 1, SECTION_MESSAGES.sectionOrderRequired),
});

/** A section as the course page, the learning page and the editor list it. */
export interface SectionView {
  id: string;
  title: string;
}
