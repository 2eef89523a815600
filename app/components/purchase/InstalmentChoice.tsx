import { useFormat } from '#app/i18n/useFormat.ts';
import { partAmounts, partChoices, partDueDates } from '#common/instalments/instalments.ts';

/**
 * "Lipa mdogo mdogo" on the purchase form (decision 0068): pay in full, or in 2..max parts, each part's amount
 * and due date shown before paying (the first part now, its amount carrying the odd shillings). `parts` null:
 * in full. The dates are counted from today, as the server counts them from the first part's prompt.
 */
export function InstalmentChoice({
  total,
  max,
  parts,
  onChange,
}: {
  total: number;
  max: number;
  parts: number | null;
  onChange: (parts: number | null) => void;
}) {
  const { t, kes, date } = useFormat();
  const choices = partChoices(max).filter((n) => total >= n);
  if (choices.length === 0) return null;
  const today = new Date();
  return (
    <fieldset className="instalment-choice">
      <legend>{t('instalments.howToPay')}</legend>
      <label className="instalment-option">
        <input type="radio" name="parts" checked={parts === null} onChange={() => onChange(null)} />
        <span>{t('instalments.inFull', { amount: kes(total) })}</span>
      </label>
      {choices.map((n) => (
        <label className="instalment-option" key={n}>
          <input type="radio" name="parts" checked={parts === n} onChange={() => onChange(n)} />
          <span>{t('instalments.inParts', { parts: n, amount: kes(partAmounts(total, n)[0] ?? total) })}</span>
        </label>
      ))}
      {parts ? (
        <>
          <ol className="instalment-schedule" aria-label={t('instalments.schedule')}>
            {schedule(total, parts, today).map(({ part, amount, due }) => (
              <li key={part}>
                <span>{t('instalments.partOf', { part, parts })}</span>
                <strong>{kes(amount)}</strong>
                <span className="instalment-due">
                  {part === 1 ? t('instalments.now') : t('instalments.dueBy', { date: date(due) })}
                </span>
              </li>
            ))}
          </ol>
          <p className="purchase-help">{t('instalments.howItWorks')}</p>
        </>
      ) : null}
    </fieldset>
  );
}

/** Each part of a plan starting `start`: its number, amount and due date. */
function schedule(total: number, parts: number, start: Date) {
  const dates = partDueDates(start, parts);
  return partAmounts(total, parts).map((amount, i) => ({ part: i + 1, amount, due: dates[i] ?? start }));
}
