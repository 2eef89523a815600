import { Suspense, useState } from 'react';
import { useFormat } from '#app/i18n/useFormat.ts';
import type { InstalmentProgress } from '#common/instalments/instalments.ts';
import { PurchaseModal, preloadModal } from './PurchaseAction.tsx';
import type { PurchaseCourse } from './PurchaseModal.tsx';

/**
 * A learner's instalment plan (decision 0068) on the course and learning pages: "2 of 3 parts paid", each part
 * with its amount and due date, and "Pay next part" opening the M-Pesa modal for exactly that part.
 */
export function InstalmentPanel({
  course,
  progress,
  phone,
  whileDue = false,
}: {
  course: PurchaseCourse;
  progress: InstalmentProgress;
  phone: string;
  /** Shown only while a part is left to pay (the learning page); its payment's modal stays open once paid. */
  whileDue?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { t, kes, date } = useFormat();
  const next = progress.nextPart;
  const nextAmount = next ? progress.amounts[next - 1] : undefined;
  const overdue = next ? new Date(progress.dueDates[next - 1]!).getTime() < Date.now() : false;
  const [paying, setPaying] = useState<number | null>(null);
  const part = paying ?? next;
  const partAmount = part ? progress.amounts[part - 1] : undefined;
  const modal =
    open && part && partAmount !== undefined ? (
      <Suspense fallback={null}>
        <PurchaseModal
          course={course}
          phone={phone}
          instalment={{ planId: progress.planId, part, parts: progress.parts, amount: partAmount }}
          onClose={() => {
            setOpen(false);
            setPaying(null);
          }}
        />
      </Suspense>
    ) : null;
  // The modal keeps its place in the tree whether the panel shows or not: moving it would start it over.
  return (
    <>
      {whileDue && !next ? null : (
        <section className="instalment-panel" aria-labelledby="instalment-panel-title">
          <h2 id="instalment-panel-title">{t('instalments.paidOf', { paid: progress.paid, parts: progress.parts })}</h2>
          <progress max={progress.parts} value={progress.paid} aria-hidden="true" />
          <ol className="instalment-schedule">
            {progress.amounts.map((amount, i) => (
              <li key={progress.dueDates[i]} className={i < progress.paid ? 'instalment-paid' : undefined}>
                <span>{t('instalments.partOf', { part: i + 1, parts: progress.parts })}</span>
                <strong>{kes(amount)}</strong>
                <span className="instalment-due">
                  {i < progress.paid
                    ? t('instalments.paid')
                    : t('instalments.dueBy', { date: date(progress.dueDates[i]!) })}
                </span>
              </li>
            ))}
          </ol>
          {next && nextAmount !== undefined ? (
            <>
              <p className="purchase-help">{overdue ? t('instalments.overdue') : t('instalments.nextOpens')}</p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  // The part being paid, kept while the page behind moves on to the next one.
                  setPaying(next);
                  setOpen(true);
                }}
                onPointerEnter={preloadModal}
                onFocus={preloadModal}
                aria-haspopup="dialog"
              >
                {t('instalments.payNext', { amount: kes(nextAmount) })}
              </button>
            </>
          ) : progress.stopped ? (
            <p className="purchase-help">{t('instalments.stopped')}</p>
          ) : null}
        </section>
      )}
      {modal}
    </>
  );
}
