import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import type { CourseInput } from '#common/studio/courseSchema.ts';
import { checkAssets } from './checkAssets.ts';

/** The course form's thumbnail and trailer must be files of the course's creator (see checkAssets). */
export function checkCourseAssets(
  services: Services,
  actor: Actor,
  { creatorId, course }: { creatorId: string; course: CourseInput },
): Promise<void> {
  return checkAssets(services, actor, {
    creatorId,
    wanted: [
      { id: course.thumbnailId, kind: 'image', field: 'thumbnailId' },
      { id: course.trailerId, kind: 'video', field: 'trailerId' },
    ],
  });
}
