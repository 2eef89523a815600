import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '#server/db/schema.ts';
import { toIso } from '#server/db/values.ts';
import { filterColumn, finishPage, keysetClause, listQuerySchema, matchesAny, type Page } from '../shared/listQuery.ts';

export const userListQuery = listQuerySchema(['createdAt', 'name', 'email'], {
  role: z.enum(['customer', 'creator', 'admin']).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export interface AdminUserRow {
  id: string;
  name: string;
  /** Null for a learner who signed up by phone. */
  email: string | null;
  role: string;
  status: string;
  createdAt: string;
}

/** Users for the admin console, searched by name or email, one keyset page at a time. */
export async function listUsers(db: Kysely<DB>, o: UserListQuery): Promise<Page<AdminUserRow>> {
  const sortColumn = `user.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'user.id' });
  let query = db.selectFrom('user').select(['id', 'name', 'email', 'role', 'status', 'createdAt']);
  if (o.role) query = query.where(filterColumn('user.role', o.sort), '=', o.role);
  if (o.status) query = query.where(filterColumn('user.status', o.sort), '=', o.status);
  if (o.q) query = query.where(matchesAny(['user.name', 'user.email'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'user.createdAt', k.order)
    .orderBy('user.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort] ?? '', id: r.id }));
}
