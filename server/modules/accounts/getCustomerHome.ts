import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { cardColumns, publishedCourses, toCard, type CourseCard } from '../catalog/courseCard.ts';

export type CustomerTab = 'all' | 'featured' | 'mine';

/** The grid is bounded; search reaches the rest of a large catalog. */
export const CUSTOMER_GRID_LIMIT = 60;

export function parseCustomerTab(v: string | null): CustomerTab {
  return v === 'featured' || v === 'mine' ? v : 'all';
}

/**
 * The courses of one /customer tab: all published courses (newest first), the featured ones, or the
 * courses this customer owns (most recently bought first — still listed if later unpublished: access is
 * for life).
 */
export async function getCustomerHome(db: Kysely<DB>, userId: string, tab: CustomerTab): Promise<CourseCard[]> {
  if (tab === 'mine') {
    const rows = await db
      .selectFrom('enrollment')
      .innerJoin('course', 'course.id', 'enrollment.courseId')
      .select(cardColumns)
      .where('enrollment.userId', '=', userId)
      .orderBy('enrollment.createdAt', 'desc')
      .orderBy('course.id')
      .limit(CUSTOMER_GRID_LIMIT)
      .execute();
    return rows.map(toCard);
  }
  let q = publishedCourses(db);
  if (tab === 'featured') q = q.where('course.featured', '=', true);
  const rows = await q.orderBy('course.createdAt', 'desc').orderBy('course.id').limit(CUSTOMER_GRID_LIMIT).execute();
  return rows.map(toCard);
}
