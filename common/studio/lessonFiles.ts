// PDF lessons and the files attached to a lesson (issue 26, decision 0060): the words the studio, the
// learning page and the server share, and the shape of a resource as the creator adds it.
import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { RESOURCES_PER_LESSON } from '#common/uploads/uploadRules.ts';

export const LESSON_FILE_MESSAGES = {
  pdfLessonRequired: 'Please fill in the lesson title and upload its PDF',
  resourceNameRequired: 'Please give the file a name',
  resourceNameTooLong: 'The name must be at most 120 characters',
  resourceRequired: 'Please upload the file first',
  tooManyResources: 'A lesson can have at most 10 files. Remove one before adding another.',
  resourceAdded: 'File added.',
  resourceDeleted: 'File removed.',
  resourceAddFailed: 'Failed to add the file. Please try again.',
  resourceDeleteFailed: 'Failed to remove the file. Please try again.',
  resourceDeleteConfirm: 'Remove this file from the lesson?',
  fileNotFound: 'This file was not found.',
  resourceRenamed: 'File renamed.',
  resourcesReordered: 'Files reordered.',
  resourceSaveFailed: 'Failed to save the file. Please try again.',
  resourceOrderRequired: 'Send the files in their new order',
  resourcesChanged: 'The files have changed. Please reload the page and try again.',
} as const;

/** A resource's display name, as long as a title. */
export const RESOURCE_NAME_MAX = 120;

/** The name learners see for a file. */
const resourceName = z
  .string({ error: LESSON_FILE_MESSAGES.resourceNameRequired })
  .trim()
  .min(1, LESSON_FILE_MESSAGES.resourceNameRequired)
  .max(RESOURCE_NAME_MAX, LESSON_FILE_MESSAGES.resourceNameTooLong);

/** Attaching an uploaded file (a `resource` upload) to a lesson, under the name learners see. */
export const addResourceInput = z.object({
  assetId: z
    .string({ error: LESSON_FILE_MESSAGES.resourceRequired })
    .regex(ID_PATTERN, LESSON_FILE_MESSAGES.resourceRequired),
  name: resourceName,
});

/** Renaming a lesson's file (decision 0069). */
export const renameResourceInput = z.object({ name: resourceName });

/** A lesson's files in their new order (decision 0069): each of them once. */
export const reorderResourcesInput = z.object({
  resourceIds: z
    .array(z.string().regex(ID_PATTERN, LESSON_FILE_MESSAGES.fileNotFound), {
      error: LESSON_FILE_MESSAGES.resourceOrderRequired,
    })
    .min(1, LESSON_FILE_MESSAGES.resourceOrderRequired)
    .max(RESOURCES_PER_LESSON, LESSON_FILE_MESSAGES.resourceOrderRequired),
});

/** What a stored file is, for the learner's list: the format its bytes showed when it was uploaded. */
export type LessonFileType = 'pdf' | 'png' | 'jpeg' | 'webp' | 'zip';

/** A file as the learning page and the editor list it. */
export interface LessonFileView {
  id: string;
  name: string;
  type: LessonFileType;
  /** Bytes. */
  size: number;
}
