/** Darasa's fee on a sale, rounded to the nearest whole shilling; the creator gets the rest. */
export function splitSale(amount: number, feePercent: number): { fee: number; net: number } {
  const fee = Math.round((amount * feePercent) / 100);
  return { fee, net: amount - fee };
}
