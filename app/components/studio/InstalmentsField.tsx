import { useT } from '#app/i18n/useT.ts';
import { INSTALMENTS, partChoices } from '#common/instalments/instalments.ts';

/** "Lipa mdogo mdogo" (decision 0068): whether learners may pay this course in parts, and in up to how many. */
export function InstalmentsField({ value, onChange }: { value: number; onChange: (max: number) => void }) {
  const { t } = useT();
  return (
    <label className="field">
      <span className="field-label">{t('studio.form.instalments')}</span>
      <select
        name="instalmentsMax"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-describedby="instalments-hint"
      >
        <option value={0}>{t('studio.form.instalmentsOff')}</option>
        {partChoices(INSTALMENTS.maxParts).map((n) => (
          <option key={n} value={n}>
            {t('studio.form.instalmentsUpTo', { parts: n })}
          </option>
        ))}
      </select>
      <span className="field-hint" id="instalments-hint">
        {t('studio.form.instalmentsHint', { days: INSTALMENTS.daysBetween })}
      </span>
    </label>
  );
}
