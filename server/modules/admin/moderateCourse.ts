import type { AppServices } from '../../http/appContext.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { toBool } from '../../db/values.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../access/policies.ts';
import type { CourseAction } from './moderationSchema.ts';
import { recordAudit } from './recordAudit.ts';
import { requireAdmin } from './requireAdmin.ts';

/**
 * Unpublishes, features or unfeatures a course. Unpublishing also unfeatures it (a draft has no place in
 * the customer's "Featured" tab); only a published course can be featured. The public caches are cleared
 * so the change shows at once.
 */
export async function moderateCourse(
  services: AppServices,
  actor: Actor,
  courseId: string,
  action: CourseAction,
  reason = '',
): Promise<{ published: boolean; featured: boolean }> {
  requireAdmin(actor);
  if (!isId(courseId)) throw notFound('Course not found.');
  const result = await services.database.db.transaction().execute(async (trx) => {
    const course = await trx
      .selectFrom('course')
      .select(['id', 'title', 'published', 'featured'])
      .where('id', '=', courseId)
      .executeTakeFirst();
    if (!course) throw notFound('Course not found.');
    const published = toBool(course.published);
    const featured = toBool(course.featured);
    if (!published && action !== 'unfeature') {
      throw conflict(action === 'unpublish' ? 'This course is not published.' : 'Only a published course can be featured.');
    }
    if (action === 'feature' && featured) throw conflict('This course is already featured.');
    if (action === 'unfeature' && !featured) throw conflict('This course is not featured.');
    const next = {
      published: action === 'unpublish' ? false : published,
      featured: action === 'feature',
    };
    await trx
      .updateTable('course')
      .set({ ...next, updatedAt: new Date() })
      .where('id', '=', courseId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: `course.${action}`,
      targetType: 'course',
      targetId: courseId,
      details: { title: course.title, ...(reason ? { reason } : {}) },
    });
    return next;
  });
  services.catalogChanged();
  return result;
}
