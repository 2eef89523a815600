import { useEffect, useState } from 'react';
import { MAX_COMMISSION_PERCENT, MIN_COMMISSION_PERCENT } from '#common/affiliates/affiliateRules.ts';
import { useT } from '#app/i18n/useT.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';

type CourseAffiliates = { enabled: boolean; percent: number };

const LOAD_FAILED = 'Failed to load affiliate sales. Please try again.';
const SAVE_FAILED = 'Failed to save affiliate sales. Please try again.';

/**
 * A saved course's "Affiliate sales" (decision 0067): on or off, and the commission (5–50 % of the price)
 * paid to whoever's link a learner bought through. The server checks the range; a refusal says why.
 */
export function AffiliateSettings({ courseId }: { courseId: string }) {
  const { t } = useT();
  const path = `/courses/${courseId}/affiliates`;
  const [enabled, setEnabled] = useState(false);
  const [percent, setPercent] = useState('');
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    studioApi<CourseAffiliates>(path, {}, LOAD_FAILED).then(
      (s) => {
        setEnabled(s.enabled);
        setPercent(String(s.percent));
        setBusy(false);
      },
      (err: Error) => setFlash({ kind: 'error', text: err.message }),
    );
  }, [path]);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFlash(null);
    try {
      const json = { enabled, percent: percent.trim() === '' ? null : Number(percent) };
      const saved = await studioApi<CourseAffiliates & { message: string }>(path, { method: 'PUT', json }, SAVE_FAILED);
      setFlash({ kind: 'success', text: saved.message });
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : SAVE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="studio-section" aria-labelledby="affiliates-heading">
      <h2 id="affiliates-heading">{t('studio.affiliates.title')}</h2>
      <p className="field-hint">{t('studio.affiliates.hint')}</p>
      <SaveMessage flash={flash} />
      <form className="studio-form" onSubmit={save} noValidate>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={enabled}
            name="enabled"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <span>{t('studio.affiliates.enable')}</span>
        </label>
        <label className="field">
          <span className="field-label">{t('studio.affiliates.percent')}</span>
          <input
            name="percent"
            type="number"
            inputMode="numeric"
            min={MIN_COMMISSION_PERCENT}
            max={MAX_COMMISSION_PERCENT}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
          <span className="field-hint">
            {t('studio.affiliates.range', { min: MIN_COMMISSION_PERCENT, max: MAX_COMMISSION_PERCENT })}
          </span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('studio.affiliates.save')}
        </button>
      </form>
    </section>
  );
}
