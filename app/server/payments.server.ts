// Purchases as the pages show them (server only); the purchase modal talks to the payments API.
export { getPurchaseState } from '#server/modules/payments/getPurchaseState.ts';
export { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
export type { PaymentView } from '#server/modules/payments/paymentView.ts';
export type { StartPaymentResult } from '#server/modules/payments/startPayment.ts';
export { getReceipt } from '#server/modules/payments/getReceipt.ts';
export type { PurchaseReceipt } from '#server/modules/payments/listMyPurchases.ts';
