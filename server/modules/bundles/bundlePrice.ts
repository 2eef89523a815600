import { BUNDLE_MIN_PRICE } from '#common/bundles/bundleSchemas.ts';

export interface BundleQuote {
  /** What this learner pays now (0 when they own every course: then they cannot buy it). */
  price: number;
  /** The courses' prices together (what buying each alone would cost). */
  listTotal: number;
  /** listTotal of the courses still to buy minus price: what the bundle saves this learner. */
  saving: number;
  allOwned: boolean;
}

/**
 * A bundle's price for one learner (decision 0063): the bundle price times the share, by list price, of the
 * courses they do not own yet, rounded to whole KES; never below BUNDLE_MIN_PRICE, and never above what those
 * courses cost on their own (so the bundle is never the worse deal). Owning every course: nothing to buy.
 */
export function bundlePrice(bundle: number, courses: readonly { price: number; owned: boolean }[]): BundleQuote {
  const listTotal = courses.reduce((sum, c) => sum + c.price, 0);
  const toBuy = courses.filter((c) => !c.owned).reduce((sum, c) => sum + c.price, 0);
  if (toBuy === 0) return { price: 0, listTotal, saving: 0, allOwned: true };
  const share = listTotal > 0 ? Math.round((bundle * toBuy) / listTotal) : bundle;
  const price = Math.min(toBuy, Math.max(BUNDLE_MIN_PRICE, share));
  return { price, listTotal, saving: toBuy - price, allOwned: false };
}
