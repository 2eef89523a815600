// The purchase modal's calls to the payments API (see server/http/paymentRoutes.ts).
import type { PaymentView, StartPaymentResult } from '#app/server/payments.server.ts';
import type { CouponQuote } from '#app/server/coupons.server.ts';

export type { CouponQuote, PaymentView };

export type StartAnswer =
  | { ok: true; result: StartPaymentResult }
  | { ok: false; status: number; code: string; message: string; paymentId?: string; retryAfter?: number };

export async function startPurchase(body: {
  /** A course, or a bundle (decision 0063). */
  courseId?: string;
  bundleId?: string;
  amount: number;
  phone: string;
  idempotencyKey: string;
  couponCode?: string;
  method?: 'paybill';
  gift?: { phone: string; language: 'en' | 'sw' };
  /** A new plan of `parts` parts, or the next part of the learner's plan (decision 0068). */
  instalments?: { parts: number } | { planId: string; part: number };
}): Promise<StartAnswer> {
  try {
    const res = await fetch('/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as
      | (StartPaymentResult & { error?: never })
      | { error: { code: string; message: string; details?: { paymentId?: string } } }
      | null;
    if (res.ok && json && !('error' in json && json.error)) return { ok: true, result: json as StartPaymentResult };
    const error = json && 'error' in json && json.error ? json.error : null;
    return {
      ok: false,
      status: res.status,
      code: error?.code ?? 'unknown',
      message: error?.message ?? 'Something went wrong. Please try again.',
      ...(error?.details?.paymentId ? { paymentId: error.details.paymentId } : {}),
      // A limit's refusal (429) says when to try again.
      ...(res.headers.get('retry-after') ? { retryAfter: Number(res.headers.get('retry-after')) || 0 } : {}),
    };
  } catch {
    return { ok: false, status: 0, code: 'offline', message: 'No connection. Check your internet and try again.' };
  }
}

/** The payment's current state, or null when it could not be read this time (the caller polls again). */
export async function fetchPayment(id: string): Promise<PaymentView | null> {
  try {
    const res = await fetch(`/api/payments/${encodeURIComponent(id)}`, { cache: 'no-store' });
    if (!res.ok) return null;
    return ((await res.json()) as { payment: PaymentView }).payment;
  } catch {
    return null;
  }
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type CouponAnswer = { ok: true; quote: CouponQuote } | { ok: false; message: string };

/** "Apply": the price with this code, or the reason it does not work (server/modules/coupons/checkCoupon.ts). */
export async function checkCoupon(courseId: string, code: string): Promise<CouponAnswer> {
  try {
    const res = await fetch('/api/coupons/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ courseId, code }),
    });
    const json = (await res.json().catch(() => null)) as (CouponQuote & { error?: { message?: string } }) | null;
    if (res.ok && json) return { ok: true, quote: json };
    const message =
      res.status < 500 && json?.error?.message ? json.error.message : 'Something went wrong. Please try again.';
    return { ok: false, message };
  } catch {
    return { ok: false, message: 'No connection. Check your internet and try again.' };
  }
}
