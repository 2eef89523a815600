import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toIso } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  finishPage,
  keysetClause,
  listQuerySchema,
  matchesAny,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

const auditListQuery = listQuerySchema(['createdAt'], {
  targetType: z.enum(['course', 'user', 'payment', 'job']).optional(),
});

export interface AuditRow {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  createdAt: string;
  actorId: string;
  actorName: string | null;
}

/** The audit log, newest first: who did what to which thing, and when. `q` matches action or target id. */
export async function listAuditLog(services: Services, actor: Actor, input: unknown): Promise<Page<AuditRow>> {
  requireAdmin(actor);
  const o = parseListQuery(auditListQuery, input);
  const k = keysetClause({ ...o, sortColumn: 'auditLog.createdAt', idColumn: 'auditLog.id' });
  let query = services.database.db
    .selectFrom('auditLog')
    .leftJoin('user', 'user.id', 'auditLog.actorId')
    .select([
      'auditLog.id',
      'auditLog.action',
      'auditLog.targetType',
      'auditLog.targetId',
      'auditLog.details',
      'auditLog.createdAt',
      'auditLog.actorId',
      'user.name as actorName',
    ]);
  if (o.targetType) query = query.where('auditLog.targetType', '=', o.targetType);
  if (o.q) query = query.where(matchesAny(['auditLog.action', 'auditLog.targetId'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy('auditLog.createdAt', k.order)
    .orderBy('auditLog.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({
    ...r,
    details: JSON.parse(r.details) as Record<string, unknown>,
    createdAt: toIso(r.createdAt),
  }));
  return finishPage(items, { ...o, sortColumn: 'createdAt', idColumn: 'id' }, (r) => ({
    value: r.createdAt,
    id: r.id,
  }));
}
