import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { isId } from '#common/ids.ts';
import { SECTION_MESSAGES } from '#common/studio/sections.ts';
import { loadManagedCourseInTx } from '../../access/loadManagedCourse.ts';

/** A section's ids as a URL gives them: any text; one that is not an id is answered like an unknown one. */
export const sectionRef = z.object({ courseId: z.string(), sectionId: z.string() });

/** A section of a course the actor manages (course locked, see loadManagedCourseInTx), or a 404. */
export async function loadManagedSectionInTx(
  trx: Kysely<DB>,
  { actor, courseId, sectionId, dialect }: { actor: Actor; courseId: string; sectionId: string; dialect: DialectName },
) {
  const course = await loadManagedCourseInTx(trx, { actor, courseId, dialect });
  const section = isId(sectionId)
    ? await trx
        .selectFrom('courseSection')
        .selectAll()
        .where('id', '=', sectionId)
        .where('courseId', '=', course.id)
        .executeTakeFirst()
    : undefined;
  if (!section) throw notFound(SECTION_MESSAGES.sectionNotFound);
  return { course, section };
}
