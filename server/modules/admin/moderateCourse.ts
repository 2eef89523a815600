import type { Services } from '#server/core/services.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { publishMessage, publishProblemsInTx } from '../studio/publishProblemsInTx.ts';
import { toBool } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import type { CourseAction } from '#common/admin/moderationSchema.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

/**
 * Publishes, unpublishes, features or unfeatures a course. Publishing needs what the studio needs (a
 * thumbnail, a playable episode…) and keeps the first publication date, so New Releases do not reshuffle. Unpublishing also unfeatures it (a draft has no place in
 * the customer's "Featured" tab); only a published course can be featured. The public caches are cleared
 * so the change shows at once.
 */
export async function moderateCourse(
  services: Services,
  actor: Actor,
  { courseId, action, reason = '' }: { courseId: string; action: CourseAction; reason?: string },
): Promise<{ published: boolean; featured: boolean }> {
  requireAdmin(actor);
  if (!isId(courseId)) throw notFound('Course not found.');
  const result = await services.database.db.transaction().execute(async (trx) => {
    const course = await trx
      .selectFrom('course')
      .select(['id', 'title', 'description', 'category', 'thumbnailId', 'published', 'featured', 'publishedAt'])
      .where('id', '=', courseId)
      .executeTakeFirst();
    if (!course) throw notFound('Course not found.');
    const published = toBool(course.published);
    const featured = toBool(course.featured);
    if (action === 'publish') {
      if (published) throw conflict('This course is already published.');
      const missing = await publishProblemsInTx(trx, course);
      if (missing.length) throw conflict(publishMessage(missing));
    } else if (!published && action !== 'unfeature') {
      throw conflict(
        action === 'unpublish' ? 'This course is not published.' : 'Only a published course can be featured.',
      );
    }
    if (action === 'feature' && featured) throw conflict('This course is already featured.');
    if (action === 'unfeature' && !featured) throw conflict('This course is not featured.');
    const next = {
      published: action === 'publish' || (action !== 'unpublish' && published),
      featured: action === 'feature' || (action === 'publish' && featured),
    };
    const now = new Date();
    await trx
      .updateTable('course')
      .set({ ...next, updatedAt: now, ...(action === 'publish' && !course.publishedAt ? { publishedAt: now } : {}) })
      .where('id', '=', courseId)
      .execute();
    await recordAuditInTx(trx, {
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
