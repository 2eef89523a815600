import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';

export interface CourseAffiliates {
  enabled: boolean;
  percent: number;
}

/** What a new course's form starts from: affiliate sales off, 20 % ready to switch on. */
const DEFAULT_PERCENT = 20;

/** A course's affiliate sales setting for its editor (its creator or an admin; anyone else: 404). */
export async function getCourseAffiliates(services: Services, actor: Actor, input: unknown): Promise<CourseAffiliates> {
  const course = await loadManagedCourse(services, actor, input);
  const row = await services.database.db
    .selectFrom('courseAffiliate')
    .select(['enabled', 'percent'])
    .where('courseId', '=', course.id)
    .executeTakeFirst();
  return row
    ? { enabled: toBool(row.enabled), percent: toNum(row.percent) }
    : { enabled: false, percent: DEFAULT_PERCENT };
}
