// The creator's earnings and payouts (server only): the page's reads and its form actions.
export { getEarnings, type Earnings, type PayoutView } from '#server/modules/payouts/getEarnings.ts';
export { getStatement, type Statement } from '#server/modules/payouts/getStatement.ts';
export { setPayoutNumber } from '#server/modules/payouts/setPayoutNumber.ts';
export { setPayoutSchedule } from '#server/modules/payouts/setPayoutSchedule.ts';
export { withdraw } from '#server/modules/payouts/withdraw.ts';
export { refusalData } from './pageRefusals.server.ts';
