/**
 * A sale's split in whole shillings: Darasa's fee and an affiliate's commission (decision 0067), each a
 * percent of the price rounded to the nearest shilling; the creator gets the rest. The commission comes out
 * of the creator's share, never the fee, and never takes it below zero.
 */
export function splitSale(
  amount: number,
  feePercent: number,
  commissionPercent = 0,
): { fee: number; commission: number; net: number } {
  const fee = Math.round((amount * feePercent) / 100);
  const commission = Math.min(Math.round((amount * commissionPercent) / 100), amount - fee);
  return { fee, commission, net: amount - fee - commission };
}
