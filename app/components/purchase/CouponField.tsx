import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { checkCoupon, type CouponQuote } from './purchaseApi.ts';

/**
 * "Have a coupon?": the learner types a code and presses "Apply"; the server answers the new price (the
 * modal then asks M-Pesa for it) or why the code does not work. "Remove" goes back to the full price.
 */
export function CouponField({
  courseId,
  applied,
  onApplied,
}: {
  courseId: string;
  applied: CouponQuote | null;
  onApplied: (quote: CouponQuote | null) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { t } = useT();

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (checking || !code.trim()) return;
    setChecking(true);
    const answer = await checkCoupon(courseId, code);
    setChecking(false);
    if (answer.ok) {
      setError(null);
      onApplied(answer.quote);
    } else {
      setError(t(answer.message));
      onApplied(null);
    }
  }

  if (applied) {
    return (
      <p className="purchase-coupon-applied" role="status">
        {t('coupon.code')} <strong>{applied.code}</strong> {t('coupon.applied')}{' '}
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            setCode('');
            onApplied(null);
          }}
        >
          {t('coupon.remove')}
        </button>
      </p>
    );
  }
  return (
    <form className="purchase-coupon" onSubmit={apply} noValidate>
      <label htmlFor="purchase-coupon">{t('coupon.label')}</label>
      <div className="purchase-coupon-row">
        <input
          id="purchase-coupon"
          name="coupon"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn btn-ghost" disabled={checking || !code.trim()}>
          {checking ? t('coupon.checking') : t('coupon.apply')}
        </button>
      </div>
      {error ? (
        <p className="purchase-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
