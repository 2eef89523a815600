import { lazy, Suspense, useState } from 'react';
import { PLAY_INTENT, playPath } from '#app/lib/playIntent.ts';
import '#app/styles/purchase.css';
import { Link } from 'react-router';
import { useFormat } from '#app/i18n/useFormat.ts';
import { useT } from '#app/i18n/useT.ts';
import type { PurchaseBundle, PurchaseCourse } from './PurchaseModal.tsx';

// The M-Pesa form is fetched when "Purchase Course" is pointed at or pressed, not with every course page.
const loadModal = () => import('./PurchaseModal.tsx');
export const PurchaseModal = lazy(() =>
  loadModal().then(
    (m) => ({ default: m.PurchaseModal }),
    () => ({ default: PurchaseUnavailable }),
  ),
);

function PurchaseUnavailable() {
  const { t } = useT();
  return (
    <p className="purchase-error" role="alert">
      {t('purchase.unavailable')}
    </p>
  );
}

export const preloadModal = () => void loadModal().catch(() => {});

/**
 * The purchase control of a course (course page hero, customer grid): "Purchased" and "Play" when owned,
 * "Purchase Course" opening the M-Pesa modal when the actor may buy it, nothing otherwise; and "Give as a
 * gift" (the same modal, for someone else's phone) when the actor may give it.
 */
export function PurchaseAction({
  course,
  owned,
  buyable,
  giftable = false,
  phone,
  bundle,
  referredBy = null,
}: {
  course: PurchaseCourse;
  owned: boolean;
  buyable: boolean;
  /** "Give as a gift" beside the purchase control (the course page). */
  giftable?: boolean;
  phone: string;
  /** "Buy bundle" (decision 0063): `course` is the bundle's title and this learner's price. */
  bundle?: PurchaseBundle;
  /** Who the purchase would credit as affiliate (decision 0067), said on the purchase screen. */
  referredBy?: string | null;
}) {
  const [open, setOpen] = useState<'buy' | 'gift' | null>(null);
  const { t, buyLabel } = useFormat();
  return (
    <>
      {owned ? (
        <>
          <span className="purchased-badge">{t('purchase.purchased')}</span>
          <Link className="btn btn-light" to={playPath(course.id)} state={PLAY_INTENT}>
            {t('purchase.play')}
          </Link>
        </>
      ) : buyable ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setOpen('buy')}
          onPointerEnter={preloadModal}
          onFocus={preloadModal}
          aria-haspopup="dialog"
        >
          {bundle ? t('bundle.buy') : buyLabel(course.price)}
        </button>
      ) : null}
      {giftable ? (
        <button
          type="button"
          className="btn btn-ghost gift-open"
          onClick={() => setOpen('gift')}
          onPointerEnter={preloadModal}
          onFocus={preloadModal}
          aria-haspopup="dialog"
        >
          {t('gift.give')}
        </button>
      ) : null}
      {/* Stays open once the course is owned, to show "Payment received" and "Start watching". */}
      {open ? (
        <Suspense fallback={null}>
          <PurchaseModal
            course={course}
            phone={phone}
            gift={open === 'gift'}
            {...(bundle ? { bundle } : {})}
            referredBy={bundle ? null : referredBy}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
