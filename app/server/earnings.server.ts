// The creator's earnings and payouts (server only): the page's reads and its form actions.
import type { SessionUser } from '#server/core/actor.ts';
import { requireArea } from './authGuard.server.ts';
import { operationRunner, type Runner } from './operationRunner.server.ts';

export { getEarnings, type Earnings, type PayoutView } from '#server/modules/payouts/getEarnings.ts';
export { getStatement, type Statement } from '#server/modules/payouts/getStatement.ts';
export { setPayoutNumber } from '#server/modules/payouts/setPayoutNumber.ts';
export { setPayoutSchedule } from '#server/modules/payouts/setPayoutSchedule.ts';
export { withdraw } from '#server/modules/payouts/withdraw.ts';
export { refusalData } from './pageRefusals.server.ts';

/** The signed-in creator (anyone else is sent away first) and the operations run as them. */
export function asCreator(args: Parameters<typeof requireArea>[0]): { actor: SessionUser; run: Runner } {
  return { actor: requireArea(args, 'creator'), run: operationRunner(args.context) };
}
