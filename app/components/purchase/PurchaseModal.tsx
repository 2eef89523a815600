import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { localPhone, toDarajaPhone } from '#common/phone.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { PLAY_INTENT, playPath } from '#app/lib/playIntent.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { GIFT_FORM_TEXT } from '#common/payments/giftText.ts';
import { CouponField } from './CouponField.tsx';
import { InstalmentChoice } from './InstalmentChoice.tsx';
import { partAmounts } from '#common/instalments/instalments.ts';
import { fetchPayment, newIdempotencyKey, startPurchase, type CouponQuote, type PaymentView } from './purchaseApi.ts';
import { useCountdown } from './useCountdown.ts';

export interface PurchaseCourse {
  id: string;
  title: string;
  price: number;
  /** Instalments allowed (decision 0068): 0 none, else the most parts. */
  instalmentsMax?: number;
}

/** The next part of the learner's instalment plan, paid through this modal (decision 0068). */
export interface PurchasePart {
  planId: string;
  part: number;
  parts: number;
  amount: number;
}

/** A bundle (decision 0063): `course` is then its title and this learner's price; its courses are all granted. */
export interface PurchaseBundle {
  id: string;
  /** Where "Start watching" goes once paid: the bundle's page, which lists the courses now owned. */
  doneTo: string;
}

type Stage =
  | { kind: 'form'; error: string | null }
  | { kind: 'sending' }
  | { kind: 'waiting'; payment: PaymentView }
  | { kind: 'done'; payment: PaymentView }
  | { kind: 'owned' };

const POLL_MS = 2000;
const COUPON_REFUSALS: readonly string[] = [COUPON_TEXT.notValid, COUPON_TEXT.expired, COUPON_TEXT.usedUp];
const GIFT_REFUSALS: readonly string[] = [GIFT_FORM_TEXT.phone, GIFT_FORM_TEXT.ownNumber];

/**
 * "Purchase Course": the customer checks the phone number, presses "Pay with M-Pesa", approves the prompt on
 * the phone, and the modal follows the payment live (polling) to its outcome, with a retry when it failed.
 * Paybill is offered only when the server says so (a prompt that timed out or was waited on long enough),
 * never beside a fresh prompt; after a timeout the modal keeps following the payment, which Paybill can
 * still settle. After a failed or cancelled prompt, "Pay by Paybill instead" starts a new purchase that sends
 * no prompt: the modal shows its Paybill numbers at once and follows it the same way.
 */
const PAYABLE_ELSEWHERE = (p: PaymentView) => p.status === 'expired' && p.paybillOffered;
/** Paid, and M-Pesa's receipt number not confirmed yet. */
const AWAITING_RECEIPT = (p: PaymentView) => p.status === 'paid' && !p.receipt;
/** Still to be paid by Paybill: a Paybill-only purchase keeps its waiting screen after it expired. */
const OPEN = (p: PaymentView) =>
  p.status === 'pending' || p.status === 'created' || (p.method === 'paybill' && PAYABLE_ELSEWHERE(p));
type Method = 'stk' | 'paybill';

export function PurchaseModal({
  course,
  phone,
  gift = false,
  bundle,
  referredBy = null,
  instalment,
  onClose,
}: {
  course: PurchaseCourse;
  phone: string;
  /** The affiliate this purchase credits (decision 0067). */
  referredBy?: string | null;
  bundle?: PurchaseBundle;
  /** "Pay next part": this part of the learner's plan, at its amount. */
  instalment?: PurchasePart;
  /** A gift: the course goes to whoever claims it with the recipient's number (decision 0061). */
  gift?: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'form', error: null });
  const [number, setNumber] = useState(phone);
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  // What M-Pesa is asked for: the server's price with the applied code (it prices it again on "Pay").
  const total = coupon ? coupon.discountedPrice : course.price;
  // Paying in parts: M-Pesa is asked for the part's amount (the first of a new plan, or the next of one).
  const [parts, setParts] = useState<number | null>(null);
  const price = instalment ? instalment.amount : parts ? (partAmounts(total, parts)[0] ?? total) : total;
  const instalments = instalment ? { planId: instalment.planId, part: instalment.part } : parts ? { parts } : null;
  const key = useRef(newIdempotencyKey());
  const [paybillBusy, setPaybillBusy] = useState(false);
  const revalidator = useRevalidator();
  const { t, price: priceText, buyLabel, locale } = useFormat();
  const [giftPhone, setGiftPhone] = useState('');
  const [giftLanguage, setGiftLanguage] = useState<'en' | 'sw'>(locale === 'sw' ? 'sw' : 'en');
  const [giftError, setGiftError] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  // Live status while the prompt is open, after a timeout while Paybill may still pay, and once paid until
  // M-Pesa's receipt number is confirmed (it can come after the payment: decision 0038); then it stops.
  const followedId =
    stage.kind === 'waiting' ||
    (stage.kind === 'done' && (PAYABLE_ELSEWHERE(stage.payment) || AWAITING_RECEIPT(stage.payment)))
      ? stage.payment.id
      : null;
  // An effect event: the revalidator changes identity every render, and only a new payment restarts polling.
  const polled = useEffectEvent((p: PaymentView) => {
    const wasPaid = 'payment' in stage && stage.payment.status === 'paid';
    setStage({ kind: OPEN(p) ? 'waiting' : 'done', payment: p });
    // The page behind shows "Purchased" / "Play" without a reload (once, not on every wait for the receipt).
    if (p.status === 'paid' && !wasPaid) void revalidator.revalidate();
  });
  useEffect(() => {
    if (!followedId) return;
    let stopped = false;
    const tick = async () => {
      const p = await fetchPayment(followedId);
      if (stopped) return;
      if (p) polled(p);
      timer = setTimeout(tick, POLL_MS);
    };
    let timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [followedId]);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (stage.kind === 'sending') return;
    if (gift && !toDarajaPhone(giftPhone)) {
      setGiftError(t('gift.phoneInvalid'));
      setStage({ kind: 'form', error: null });
      return;
    }
    setGiftError(null);
    if (price > 0 && !toDarajaPhone(number)) {
      setStage({ kind: 'form', error: t('purchase.phoneInvalid') });
      return;
    }
    setStage({ kind: 'sending' });
    await start('stk');
  }

  // "Pay by Paybill instead": a new purchase (its own key) that sends no prompt.
  async function payByPaybill() {
    if (paybillBusy) return;
    setPaybillBusy(true);
    key.current = newIdempotencyKey();
    await start('paybill');
    setPaybillBusy(false);
  }

  async function start(method: Method) {
    const answer = await startPurchase({
      ...(bundle ? { bundleId: bundle.id } : { courseId: course.id }),
      amount: price,
      phone: number,
      idempotencyKey: key.current,
      ...(coupon ? { couponCode: coupon.code } : {}),
      ...(method === 'paybill' ? { method } : {}),
      ...(gift ? { gift: { phone: giftPhone, language: giftLanguage } } : {}),
      ...(instalments ? { instalments } : {}),
    });
    if (answer.ok) {
      if (answer.result.kind === 'enrolled') {
        setStage({ kind: 'owned' });
        void revalidator.revalidate();
      } else setStage({ kind: 'waiting', payment: answer.result.payment });
      return;
    }
    if (answer.code === 'already_owned') return setStage({ kind: 'owned' });
    if (answer.code === 'payment_open' && answer.paymentId) {
      const open = await fetchPayment(answer.paymentId);
      if (open) return setStage({ kind: 'waiting', payment: open });
    }
    if (answer.status === 401) {
      window.location.assign(`/login?redirectTo=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    key.current = newIdempotencyKey();
    // The code stopped working meanwhile (used up, expired): back to the full price, with the reason.
    if (COUPON_REFUSALS.includes(answer.message)) setCoupon(null);
    // The recipient's number was refused (not Kenyan, or the buyer's own): said under that field.
    if (gift && answer.code === 'invalid_input' && GIFT_REFUSALS.includes(answer.message)) {
      setGiftError(t(answer.message));
      setStage({ kind: 'form', error: null });
      return;
    }
    // The server's words are English; the catalogue has them as ids (app/locales, "server messages").
    const wait = answer.retryAfter ? ` ${t('purchase.retryIn', { minutes: Math.ceil(answer.retryAfter / 60) })}` : '';
    setStage({ kind: 'form', error: t(answer.message) + wait });
  }

  function retry() {
    key.current = newIdempotencyKey();
    setStage({ kind: 'form', error: null });
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; the keyboard closes with Escape (onCancel) or the Close button
    <dialog
      ref={dialog}
      className="purchase-modal"
      aria-labelledby="purchase-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <div className="purchase-body">
        <button type="button" className="purchase-close" onClick={onClose} aria-label={t('purchase.close')}>
          ×
        </button>
        <p className="purchase-kicker">
          {instalment
            ? t('instalments.payPart', { part: instalment.part, parts: instalment.parts })
            : gift
              ? t('gift.give')
              : bundle
                ? t('bundle.buy')
                : buyLabel(course.price)}
        </p>
        <h2 id="purchase-title">{course.title}</h2>
        <p className="purchase-price">
          {coupon && !instalment ? (
            <>
              <s className="purchase-old-price">{priceText(course.price)}</s>{' '}
            </>
          ) : null}
          <span>{priceText(price)}</span>
        </p>
        <p className="purchase-note">
          {gift
            ? t('gift.note')
            : bundle
              ? t('bundle.note')
              : instalment || parts
                ? t('instalments.note')
                : t('course.oneTime')}
        </p>
        {referredBy ? <p className="purchase-referral">{t('affiliate.referredBy', { name: referredBy })}</p> : null}
        <div aria-live="polite">
          {(stage.kind === 'form' || stage.kind === 'sending') && course.price > 0 && !bundle && !instalment ? (
            <CouponField courseId={course.id} applied={coupon} onApplied={setCoupon} />
          ) : null}
          {(stage.kind === 'form' || stage.kind === 'sending') && !gift && !bundle && !instalment ? (
            <InstalmentChoice total={total} max={course.instalmentsMax ?? 0} parts={parts} onChange={setParts} />
          ) : null}
          {stage.kind === 'form' || stage.kind === 'sending' ? (
            <form onSubmit={pay} noValidate>
              {gift ? (
                <fieldset className="gift-fields">
                  <label htmlFor="gift-phone">{t('gift.phoneLabel')}</label>
                  <input
                    id="gift-phone"
                    name="giftPhone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    placeholder="0712 345 678"
                    value={giftPhone}
                    onChange={(e) => {
                      setGiftPhone(e.target.value);
                      // The refusal was about the number as it was.
                      setGiftError(null);
                    }}
                    aria-invalid={giftError ? true : undefined}
                    aria-describedby={giftError ? 'gift-phone-help gift-phone-error' : 'gift-phone-help'}
                    required
                  />
                  <p id="gift-phone-help" className="purchase-help">
                    {t('gift.phoneHelp')}
                  </p>
                  {giftError ? (
                    <p id="gift-phone-error" className="purchase-error" role="alert">
                      {giftError}
                    </p>
                  ) : null}
                  <label htmlFor="gift-language">{t('gift.language')}</label>
                  <select
                    id="gift-language"
                    name="giftLanguage"
                    value={giftLanguage}
                    onChange={(e) => setGiftLanguage(e.target.value === 'sw' ? 'sw' : 'en')}
                  >
                    <option value="en">English</option>
                    <option value="sw">Kiswahili</option>
                  </select>
                </fieldset>
              ) : null}
              {price > 0 ? (
                <>
                  <label htmlFor="purchase-phone">{t(gift ? 'gift.payFrom' : 'purchase.phoneLabel')}</label>
                  <input
                    id="purchase-phone"
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="0712 345 678"
                    value={number}
                    onChange={(e) => setNumber(e.target.value)}
                    aria-invalid={stage.kind === 'form' && stage.error ? true : undefined}
                    aria-describedby="purchase-phone-help"
                    required
                  />
                  <p id="purchase-phone-help" className="purchase-help">
                    {t('purchase.phoneHelp')}
                  </p>
                </>
              ) : null}
              {stage.kind === 'form' && stage.error ? (
                <p className="purchase-error" role="alert">
                  {stage.error}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary purchase-pay" disabled={stage.kind === 'sending'}>
                {stage.kind === 'sending'
                  ? t('purchase.sending')
                  : price > 0
                    ? t('purchase.pay')
                    : t('purchase.enrollFree')}
              </button>
            </form>
          ) : null}
          {stage.kind === 'waiting' ? <Waiting payment={stage.payment} /> : null}
          {stage.kind === 'done' ? (
            <Outcome
              payment={stage.payment}
              watchTo={bundle ? bundle.doneTo : playPath(course.id)}
              onRetry={retry}
              onPaybill={payByPaybill}
              paybillBusy={paybillBusy}
              giftTo={gift ? giftPhone : null}
            />
          ) : null}
          {stage.kind === 'owned' ? (
            <div className="purchase-outcome purchase-ok">
              <h3>{t('purchase.owned')}</h3>
              <Link className="btn btn-primary" to={bundle ? bundle.doneTo : playPath(course.id)} state={PLAY_INTENT}>
                {t('purchase.startWatching')}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}

function Waiting({ payment }: { payment: PaymentView }) {
  const left = useCountdown(payment.createdAt, payment.expiresAt);
  const { t, kes } = useFormat();
  const paybillOnly = payment.method === 'paybill';
  return (
    <div className="purchase-waiting">
      <span className="purchase-spinner" aria-hidden="true" />
      {paybillOnly ? (
        <>
          <h3 id="purchase-paybill-title">{t('purchase.paybillOnlyTitle')}</h3>
          <p>{t('purchase.paybillOnlyText')}</p>
        </>
      ) : (
        <>
          <h3>{t('purchase.checkPhone')}</h3>
          <p>{t('purchase.enterPin', { phone: localPhone(payment.phone), amount: kes(payment.amount) })}</p>
        </>
      )}
      <p className="purchase-countdown">
        {left > 0
          ? t('purchase.left', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })
          : t('purchase.stillWaiting')}
      </p>
      <PaybillOffer payment={payment} titled={!paybillOnly} />
    </div>
  );
}

/**
 * "No prompt? Pay by Paybill", once the server offers it, with the promise that paying twice is undone.
 * Untitled under a Paybill-only purchase's own heading (which then names the section).
 */
function PaybillOffer({ payment, titled = true }: { payment: PaymentView; titled?: boolean }) {
  const { t, kes } = useFormat();
  if (!payment.paybillOffered || !payment.paybill) return null;
  return (
    <section className="purchase-paybill" aria-labelledby="purchase-paybill-title">
      {titled ? <h4 id="purchase-paybill-title">{t('purchase.paybillTitle')}</h4> : null}
      <p>
        {t('purchase.paybillBusiness')} <strong>{payment.paybill.businessNumber}</strong>
        {t('purchase.paybillAccount')} <strong>{payment.paybill.account}</strong>
        {t('purchase.paybillAmount')} <strong>{kes(payment.amount)}</strong>.
      </p>
      <p className="purchase-help">{t('purchase.paybillSecond')}</p>
    </section>
  );
}

function Outcome({
  payment,
  watchTo,
  onRetry,
  onPaybill,
  paybillBusy,
  giftTo,
}: {
  payment: PaymentView;
  /** "Start watching": the course's first lesson, or a bundle's page. */
  watchTo: string;
  onRetry: () => void;
  onPaybill: () => void;
  paybillBusy: boolean;
  /** The recipient's number as typed, for a gift. */
  giftTo: string | null;
}) {
  const paid = payment.status === 'paid';
  // A prompt that failed or was cancelled cannot be paid any more: Paybill is a new purchase without a prompt.
  const paybillInstead = (payment.status === 'failed' || payment.status === 'cancelled') && !!payment.paybill;
  const { t, locale } = useFormat();
  const reason = payment.reason ?? 'failed';
  // English shows M-Pesa's own answer as the server words it; other languages say the reason's meaning.
  const text = locale === 'en' && payment.message ? payment.message : t(`payment.text.${reason}`);
  return (
    <div className={`purchase-outcome ${paid ? 'purchase-ok' : 'purchase-bad'}`}>
      <h3>{paid && giftTo ? t('gift.paidTitle') : t(`payment.title.${reason}`)}</h3>
      {paid && giftTo ? (
        <>
          <p>{t('gift.paidText', { phone: localPhone(toDarajaPhone(giftTo) ?? giftTo) })}</p>
          <Link className="btn btn-primary" to="/customer/purchases#gifts">
            {t('gift.seeGifts')}
          </Link>
        </>
      ) : paid ? (
        <>
          <p>
            <span>
              {payment.receipt ? t('purchase.receipt', { receipt: payment.receipt }) : t('purchases.receiptPending')}
            </span>{' '}
            <Link to={`/customer/purchases/${payment.id}/receipt`}>{t('receipt.view')}</Link>
          </p>
          <Link className="btn btn-primary" to={watchTo} state={PLAY_INTENT}>
            {t('purchase.startWatching')}
          </Link>
        </>
      ) : (
        <>
          <p>{text}</p>
          <PaybillOffer payment={payment} />
          <div className="purchase-actions">
            {/* biome-ignore lint/a11y/noAutofocus: inside the open modal, focus moves to the one next action (WAI-ARIA dialog pattern) */}
            <button type="button" className="btn btn-primary" onClick={onRetry} autoFocus>
              {t('purchase.tryAgain')}
            </button>
            {paybillInstead ? (
              <button type="button" className="btn btn-ghost" onClick={onPaybill} disabled={paybillBusy}>
                {t('purchase.paybillInstead')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
