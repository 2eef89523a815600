import type { Services } from '#server/core/services.ts';
import type { SectionView } from '#common/studio/sections.ts';

/** A course's sections in order (empty for a course without any), for its page, the learning page and the editor. */
export async function listSections(services: Services, { courseId }: { courseId: string }): Promise<SectionView[]> {
  return services.database.db
    .selectFrom('courseSection')
    .select(['id', 'title'])
    .where('courseId', '=', courseId)
    .orderBy('position')
    .execute();
}
