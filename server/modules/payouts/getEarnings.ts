import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { toIso } from '#server/db/values.ts';
import type { PayoutSchedule, PayoutStatus } from '#server/db/schema.ts';
import { creatorBalancesInTx, type CreatorBalances } from '../ledger/creatorBalancesInTx.ts';
import { nextRunAt } from './payoutSchedule.ts';
import { requirePayee } from './requirePayee.ts';

export interface PayoutView {
  id: string;
  purpose: string;
  amount: number;
  phone: string;
  status: PayoutStatus;
  receipt: string | null;
  failureReason: string | null;
  /** Held for a check by Darasa (M-Pesa's answer disagreed, or the account is suspended). */
  held: boolean;
  createdAt: string;
  settledAt: string | null;
}

export interface Earnings {
  balances: CreatorBalances;
  account: {
    phone: string | null;
    verifiedPhone: string | null;
    verifiedName: string | null;
    /** The number entered is waiting for its KES 1 check. */
    verifying: boolean;
    schedule: PayoutSchedule;
    holdReason: string | null;
  };
  nextAutoPayoutAt: string | null;
  holdDays: number;
  feePercent: number;
  payouts: PayoutView[];
}

const HISTORY = 50;

/** The creator's earnings page: balances from the ledger, payout settings and recent payouts. */
export async function getEarnings(services: Services, actor: Actor): Promise<Earnings> {
  requirePayee(actor);
  const { db } = services.database;
  const now = services.clock.now();
  const [balances, account, rows] = await Promise.all([
    creatorBalancesInTx(db, { creatorId: actor.userId, now }),
    db.selectFrom('payoutAccount').selectAll().where('userId', '=', actor.userId).executeTakeFirst(),
    db
      .selectFrom('payout')
      .select([
        'id',
        'purpose',
        'amount',
        'phone',
        'status',
        'receipt',
        'failureReason',
        'holdKind',
        'createdAt',
        'settledAt',
      ])
      .where('creatorId', '=', actor.userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY)
      .execute(),
  ]);
  const payouts = rows.map(({ holdKind, ...r }) => ({
    ...r,
    held: holdKind !== null && (r.status === 'requested' || r.status === 'sent'),
    createdAt: toIso(r.createdAt),
    settledAt: r.settledAt === null ? null : toIso(r.settledAt),
  }));
  const schedule = account?.schedule ?? 'manual';
  const verifying = payouts.some(
    (p) => p.purpose === 'verification' && (p.status === 'requested' || p.status === 'sent'),
  );
  return {
    balances,
    account: {
      phone: account?.phone ?? null,
      verifiedPhone: account?.verifiedPhone ?? null,
      verifiedName: account?.verifiedName ?? null,
      verifying,
      schedule,
      holdReason: account?.holdReason ?? null,
    },
    nextAutoPayoutAt: account?.verifiedPhone ? (nextRunAt(schedule, now)?.toISOString() ?? null) : null,
    holdDays: services.config.PAYOUT_HOLD_DAYS,
    feePercent: services.config.PLATFORM_FEE_PERCENT,
    payouts,
  };
}
