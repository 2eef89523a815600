// Gifts as the pages show them (server only): the claim page and the buyer's list.
export { getGift } from '#server/modules/gifts/getGift.ts';
export { claimGift } from '#server/modules/gifts/claimGift.ts';
export { listMyGifts } from '#server/modules/gifts/listMyGifts.ts';
export { resendGift } from '#server/modules/gifts/resendGift.ts';
export type { GiftClaimView } from '#server/modules/gifts/getGift.ts';
export type { MyGift } from '#server/modules/gifts/listMyGifts.ts';
export { refundMyGift } from '#server/modules/payments/refundMyGift.ts';
