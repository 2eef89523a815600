import type { ColumnType } from 'kysely';
import type { Timestamp } from './columnTypes.ts';

// The tables that hold money: payments and refunds, coupons, the earnings ledger and payouts. Part of the
// `DB` type in schema.ts, which re-exports everything here.

export interface RefundTable {
  id: string;
  paymentId: string;
  actorId: string;
  amount: number;
  providerRef: string | null;
  /** requested: M-Pesa accepted the reversal, not yet confirmed; done: confirmed; failed: it did not happen. */
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  failureReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reversal request's OriginatorConversationID: what Transaction Status is asked about. */
  reversalOriginatorId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Last Transaction Status question about the reversal. */
  checkedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export type RefundStatus = 'requested' | 'done' | 'failed';

/**
 * validated: a Paybill payment our validation accepted (M-Pesa has not confirmed it); checking: told by an unsigned message, Transaction Status asked; settled: it paid its purchase; held: M-Pesa's
 * answer disagrees (an admin looks); extra: a real second payment, to return; returning: reversal asked;
 * returned: M-Pesa confirmed the reversal; return_failed: the reversal did not happen (an admin returns it).
 */
export type IncomingState =
  | 'validated'
  | 'checking'
  | 'settled'
  | 'held'
  | 'extra'
  | 'returning'
  | 'returned'
  | 'return_failed';

/** A payment into our shortcode told by a C2B confirmation or a second STK success (0027). */
export interface MpesaIncomingTable {
  id: string;
  source: 'paybill' | 'stk';
  transId: string | null;
  checkoutRequestId: string | null;
  paymentId: string | null;
  /** Whole KES. */
  amount: number;
  account: string | null;
  shortcode: string | null;
  phone: string | null;
  state: IncomingState;
  reason: string | null;
  reversalRef: string | null;
  reversalOriginatorId: string | null;
  checkedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type PaymentStatus = 'created' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

/** pending: asked, no trusted answer yet; mismatch: M-Pesa's answer contradicts the payment (flagged). */
export type ReceiptCheck = 'pending' | 'confirmed' | 'mismatch';

export interface PaymentTable {
  id: string;
  userId: string;
  courseId: string;
  /** Whole KES. */
  amount: number;
  currency: ColumnType<string, string | undefined, string>;
  /** 2547XXXXXXXX / 2541XXXXXXXX, as Daraja wants it. */
  phone: string;
  provider: ColumnType<string, string | undefined, string>;
  status: PaymentStatus;
  resultCode: number | null;
  resultDesc: string | null;
  merchantRequestId: string | null;
  checkoutRequestId: string | null;
  /** The M-Pesa receipt number, only once Transaction Status confirmed it (see receiptCheck). */
  mpesaReceipt: string | null;
  /** A receipt number a callback or C2B confirmation named, not yet (or never) confirmed. */
  claimedReceipt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Transaction Status check of a paid payment's receipt; null before payment and on older payments. */
  receiptCheck: ColumnType<ReceiptCheck | null, ReceiptCheck | null | undefined, ReceiptCheck | null>;
  receiptCheckedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  idempotencyKey: string;
  lateSuccess: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Raw provider payloads (JSON text), kept for disputes and debugging. */
  rawRequest: string | null;
  rawCallback: string | null;
  rawQuery: string | null;
  /** Last STK query by the reconciler. */
  checkedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  paidAt: Timestamp | null;
  expiresAt: Timestamp;
  /** Account number for paying this purchase by Paybill (C2B); null on payments made before it existed. */
  paybillAccount: ColumnType<string | null, string | null | undefined, string | null>;
  /** stk: a PIN prompt was sent; paybill: none, the learner pays into the Paybill account (0029). */
  method: ColumnType<PaymentMethod, PaymentMethod | undefined, PaymentMethod>;
  /** A bundle purchase (0050): the courses it grants are in `paymentCourse`; `courseId` is the first of them. */
  bundleId: ColumnType<string | null, string | null | undefined, string | null>;
  /** A part of an instalment plan (0053, decision 0068): the plan and the part's number (1..parts). */
  instalmentPlanId: ColumnType<string | null, string | null | undefined, string | null>;
  instalmentPart: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PaymentMethod = 'stk' | 'paybill';

export type CouponKind = 'percent' | 'fixed';

/** A creator's code for one course (0021). */
export interface CouponTable {
  id: string;
  courseId: string;
  /** Upper case; unique per course. */
  code: string;
  kind: CouponKind;
  /** Percent off (1–100) or whole KES off. */
  value: number;
  expiresAt: Timestamp | null;
  maxUses: number | null;
  active: ColumnType<boolean | number, boolean | undefined, boolean>;
  createdBy: string;
  createdAt: Timestamp;
}

/** One use of a coupon: held by a payment (counts while it is open, paid or refunded) or a free enrollment. */
export interface CouponUseTable {
  id: string;
  couponId: string;
  userId: string;
  paymentId: string | null;
  createdAt: Timestamp;
}

export type LedgerAccount =
  | 'creator_payable'
  | 'payouts_in_flight'
  | 'platform_fees'
  | 'mpesa_paybill'
  | 'mpesa_b2c'
  /** Second payments received and owed back to the payer until their reversal is confirmed. */
  | 'payer_refunds_due';

export type JournalKind =
  | 'sale'
  | 'refund'
  | 'payout'
  | 'payout_paid'
  | 'payout_failed'
  | 'adjustment'
  | 'verification'
  | 'extra_payment'
  | 'extra_returned';

export interface JournalEntryTable {
  id: string;
  kind: JournalKind;
  creatorId: string | null;
  paymentId: string | null;
  payoutId: string | null;
  courseId: string | null;
  feePercent: number | null;
  memo: ColumnType<string, string | undefined, string>;
  actorId: string | null;
  createdAt: Timestamp;
}

export interface JournalLineTable {
  id: string;
  entryId: string;
  account: LedgerAccount;
  creatorId: string | null;
  /** Whole KES; debit positive, credit negative. */
  amount: number;
  availableAt: Timestamp;
  createdAt: Timestamp;
}

export type PayoutSchedule = 'manual' | 'daily' | 'weekly';

export interface PayoutAccountTable {
  userId: string;
  phone: string | null;
  verifiedPhone: string | null;
  verifiedName: string | null;
  verifiedAt: Timestamp | null;
  schedule: ColumnType<PayoutSchedule, PayoutSchedule | undefined, PayoutSchedule>;
  lastAutoAt: Timestamp | null;
  holdReason: string | null;
  heldBy: string | null;
  heldAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type PayoutStatus = 'requested' | 'sent' | 'paid' | 'failed';
/** Why an open payout waits for someone: M-Pesa's answer disagreed with it, or its creator is suspended. */
export type PayoutHoldKind = 'mismatch' | 'suspended';
export type PayoutPurpose = 'withdrawal' | 'scheduled' | 'verification' | 'retry';

export interface PayoutTable {
  id: string;
  creatorId: string;
  purpose: PayoutPurpose;
  amount: number;
  phone: string;
  status: PayoutStatus;
  originatorConversationId: string;
  conversationId: string | null;
  resultCode: number | null;
  resultDesc: string | null;
  failureReason: string | null;
  receipt: string | null;
  receiverName: string | null;
  retryOf: string | null;
  rawResult: string | null;
  checkedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  settledAt: Timestamp | null;
  holdKind: PayoutHoldKind | null;
  holdReason: string | null;
  heldAt: Timestamp | null;
  /** The secret last segment of the latest Transaction Status query's ResultURL. */
  statusToken: string | null;
}
