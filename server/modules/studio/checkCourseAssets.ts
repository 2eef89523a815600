import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import type { Actor } from '#server/core/actor.ts';
import { checkAssets } from './checkAssets.ts';
import type { CourseInput } from '#common/studio/courseSchema.ts';

/** The course form's thumbnail and trailer must be files of the course's creator (see checkAssets). */
export function checkCourseAssets(
  db: Kysely<DB>,
  actor: Actor,
  courseCreatorId: string,
  data: CourseInput,
): Promise<void> {
  return checkAssets(db, actor, courseCreatorId, [
    { id: data.thumbnailId, kind: 'image', field: 'thumbnailId' },
    { id: data.trailerId, kind: 'video', field: 'trailerId' },
  ]);
}
