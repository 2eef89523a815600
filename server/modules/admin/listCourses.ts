import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  finishPage,
  keysetClause,
  listQuerySchema,
  matchesAny,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

const courseListQuery = listQuerySchema(['createdAt', 'title', 'price', 'enrolledCount'], {
  status: z.enum(['published', 'draft']).optional(),
  featured: z.enum(['true', 'false']).optional(),
});

export interface AdminCourseRow {
  id: string;
  title: string;
  creatorId: string;
  creatorName: string;
  category: string;
  price: number;
  published: boolean;
  featured: boolean;
  enrolledCount: number;
  createdAt: string;
}

/** Courses for the admin console, searched by title or creator, one keyset page at a time. */
export async function listCourses(services: Services, actor: Actor, input: unknown): Promise<Page<AdminCourseRow>> {
  requireAdmin(actor);
  const o = parseListQuery(courseListQuery, input);
  const sortColumn = `course.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'course.id' });
  let query = services.database.db
    .selectFrom('course')
    .select([
      'id',
      'title',
      'creatorId',
      'creatorName',
      'category',
      'price',
      'published',
      'featured',
      'enrolledCount',
      'createdAt',
    ]);
  if (o.status) query = query.where('published', '=', o.status === 'published');
  if (o.featured) query = query.where('featured', '=', o.featured === 'true');
  if (o.q) query = query.where(matchesAny(['course.title', 'course.creatorName'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'course.createdAt', k.order)
    .orderBy('course.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({
    ...r,
    price: toNum(r.price),
    enrolledCount: toNum(r.enrolledCount),
    published: toBool(r.published),
    featured: toBool(r.featured),
    createdAt: toIso(r.createdAt),
  }));
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
