import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { requirePayee } from './requirePayee.ts';
import { nairobiMonthBounds } from '../shared/nairobiTime.ts';

export interface StatementLine {
  /** The journal entry. */
  id: string;
  date: string;
  kind: string;
  /** In English, for the CSV: "Sale: <course>", "Adjustment by Darasa (<memo>)". */
  description: string;
  /** The course the line is about, and an adjustment's note: the page puts its own words for `kind` beside them. */
  course: string | null;
  memo: string | null;
  /** What the buyer paid (sales, refunds). */
  gross: number;
  /** Darasa's fee (sales) or fee given back (refunds). */
  fee: number;
  /** The change to the creator's balance. */
  net: number;
}

export interface Statement {
  month: string;
  lines: StatementLine[];
  totals: { sales: number; fees: number; refunds: number; payouts: number; adjustments: number; net: number };
}

const statementMonth = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM') });
const KINDS = ['sale', 'refund', 'payout', 'payout_failed', 'adjustment'] as const;
const DESCRIPTIONS: Record<(typeof KINDS)[number], string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout to M-Pesa',
  payout_failed: 'Payout failed, money returned',
  adjustment: 'Adjustment by Darasa',
};

/**
 * A creator's Nairobi calendar month of ledger entries touching their balance, with totals: sales, fees,
 * refunds, payouts (the admin's platform fees count the same months).
 */
export async function getStatement(services: Services, actor: Actor, input: unknown): Promise<Statement> {
  requirePayee(actor);
  const { month } = parseInput(statementMonth, input);
  const { from, to } = nairobiMonthBounds(month);
  const { db } = services.database;
  const rows = await db
    .selectFrom('journalEntry as e')
    .innerJoin('journalLine as l', 'l.entryId', 'e.id')
    .leftJoin('course as c', 'c.id', 'e.courseId')
    .select(['e.id', 'e.kind', 'e.createdAt', 'e.memo', 'c.title', 'l.account', 'l.creatorId', 'l.amount'])
    .where('e.creatorId', '=', actor.userId)
    .where('e.kind', 'in', [...KINDS])
    .where('e.createdAt', '>=', from)
    .where('e.createdAt', '<', to)
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
  const byEntry = new Map<string, StatementLine>();
  for (const r of rows) {
    const kind = r.kind as (typeof KINDS)[number];
    let line = byEntry.get(r.id);
    if (!line) {
      const what = r.title ? `${DESCRIPTIONS[kind]}: ${r.title}` : DESCRIPTIONS[kind];
      line = {
        id: r.id,
        date: toIso(r.createdAt),
        kind,
        description: r.memo && kind === 'adjustment' ? `${what} (${r.memo})` : what,
        course: r.title,
        memo: kind === 'adjustment' ? r.memo : null,
        gross: 0,
        fee: 0,
        net: 0,
      };
      byEntry.set(r.id, line);
    }
    const amount = toNum(r.amount);
    if (r.account === 'mpesa_paybill') line.gross += amount;
    if (r.account === 'platform_fees' && kind !== 'adjustment') line.fee -= amount;
    if (r.account === 'creator_payable' && r.creatorId === actor.userId) line.net -= amount;
  }
  const lines = [...byEntry.values()];
  const sum = (k: string, f: (l: StatementLine) => number) =>
    lines.filter((l) => l.kind === k).reduce((s, l) => s + f(l), 0);
  const totals = {
    sales: sum('sale', (l) => l.gross),
    fees: sum('sale', (l) => l.fee) + sum('refund', (l) => l.fee),
    refunds: -sum('refund', (l) => l.gross) || 0,
    payouts: -(sum('payout', (l) => l.net) + sum('payout_failed', (l) => l.net)) || 0,
    adjustments: sum('adjustment', (l) => l.net),
    net: lines.reduce((s, l) => s + l.net, 0),
  };
  return { month, lines, totals };
}
