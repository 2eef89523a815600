import type { Services } from '#server/core/services.ts';
import { publishedCards, toCard, type CourseCard } from '../catalog/courseCard.ts';

export type CustomerTab = 'all' | 'featured' | 'mine';

/** The grid is bounded; search reaches the rest of a large catalog. */
const CUSTOMER_GRID_LIMIT = 60;

export function parseCustomerTab(v: string | null): CustomerTab {
  return v === 'featured' || v === 'mine' ? v : 'all';
}

/** The grid of /customer's "All Courses" (published, newest first) or "Featured" tab. */
export async function listCustomerGrid(
  services: Services,
  { tab }: { tab: Exclude<CustomerTab, 'mine'> },
): Promise<CourseCard[]> {
  let q = services.database.db.selectFrom('course').$call(publishedCards);
  if (tab === 'featured') q = q.where('course.featured', '=', true);
  const rows = await q.orderBy('course.createdAt', 'desc').orderBy('course.id').limit(CUSTOMER_GRID_LIMIT).execute();
  return rows.map(toCard);
}
