import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toIso, toNum } from '#server/db/values.ts';
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

const payoutListQuery = listQuerySchema(['createdAt', 'amount'], {
  status: z.enum(['requested', 'sent', 'paid', 'failed']).optional(),
});

export interface AdminPayoutRow {
  id: string;
  purpose: string;
  amount: number;
  phone: string;
  status: string;
  receipt: string | null;
  failureReason: string | null;
  /** Set while the payout waits for an admin (M-Pesa disagreed) or a restored account: why. */
  holdKind: string | null;
  holdReason: string | null;
  createdAt: string;
  creatorId: string;
  creatorName: string;
  /** Null for a phone-only account. */
  creatorEmail: string | null;
}

/** Payouts (every B2C transfer, with its status) searched by creator, phone or M-Pesa receipt. */
export async function listPayouts(services: Services, actor: Actor, input: unknown): Promise<Page<AdminPayoutRow>> {
  requireAdmin(actor);
  const o = parseListQuery(payoutListQuery, input);
  const sortColumn = `payout.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'payout.id' });
  let query = services.database.db
    .selectFrom('payout')
    .innerJoin('user', 'user.id', 'payout.creatorId')
    .select([
      'payout.id',
      'payout.purpose',
      'payout.amount',
      'payout.phone',
      'payout.status',
      'payout.receipt',
      'payout.failureReason',
      'payout.holdKind',
      'payout.holdReason',
      'payout.createdAt',
      'payout.creatorId',
      'user.name as creatorName',
      'user.email as creatorEmail',
    ]);
  if (o.status) query = query.where(filterColumn('payout.status', o.sort), '=', o.status);
  if (o.q) query = query.where(matchesAny(['user.email', 'user.name', 'payout.phone', 'payout.receipt'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'payout.createdAt', k.order)
    .orderBy('payout.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({ ...r, amount: toNum(r.amount), createdAt: toIso(r.createdAt) }));
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
