import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toIso } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  filterColumn,
  finishPage,
  keysetClause,
  listQuerySchema,
  matchesAny,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

const userListQuery = listQuerySchema(['createdAt', 'name', 'email'], {
  role: z.enum(['customer', 'creator', 'admin']).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});

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
export async function listUsers(services: Services, actor: Actor, input: unknown): Promise<Page<AdminUserRow>> {
  requireAdmin(actor);
  const o = parseListQuery(userListQuery, input);
  const sortColumn = `user.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'user.id' });
  let query = services.database.db.selectFrom('user').select(['id', 'name', 'email', 'role', 'status', 'createdAt']);
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
