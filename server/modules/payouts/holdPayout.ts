import type { Services } from '#server/core/services.ts';
import type { PayoutHoldKind } from '#server/db/schema.ts';
import { rawRecord } from '../shared/rawRecord.ts';

/**
 * Holds an open payout: it stays open (its money in flight, no second payout for the creator) and nothing
 * settles, sends or asks about it until it is released (restored account) or settled by an admin
 * (settleHeldPayout). Returns whether it was held now.
 */
export async function holdPayout(
  services: Services,
  { payoutId, kind, reason, raw }: { payoutId: string; kind: PayoutHoldKind; reason: string; raw?: unknown },
): Promise<boolean> {
  const now = services.clock.now();
  const r = await services.database.db
    .updateTable('payout')
    .set({
      holdKind: kind,
      holdReason: reason.slice(0, 500),
      heldAt: now,
      updatedAt: now,
      ...(raw === undefined ? {} : { rawResult: rawRecord(services.config, raw) }),
    })
    .where('id', '=', payoutId)
    .where('status', 'in', ['requested', 'sent'])
    .where('holdKind', 'is', null)
    .executeTakeFirst();
  const held = Number(r.numUpdatedRows) > 0;
  if (held && kind === 'mismatch') services.log.error({ payoutId, reason }, 'payout held: M-Pesa disagrees with it');
  else if (held) services.log.info({ payoutId, kind }, 'payout held');
  return held;
}
