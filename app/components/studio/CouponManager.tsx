import { useEffect, useState } from 'react';
import type { CouponView } from '#app/server/coupons.server.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { couponDiscount, couponExpiry, couponUses, endOfNairobiDay } from './couponText.ts';
import { useT } from '#app/i18n/useT.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';

const LOAD_FAILED = 'Failed to load coupons. Please try again.';
const DEACTIVATE_FAILED = 'Failed to deactivate coupon. Please try again.';

/** Whole numbers typed into a field; blank is "not set" and anything else goes to the server to refuse. */
const wholeOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** A saved course's coupons: the list with "Deactivate", and the form that makes a new code. */
export function CouponManager({ courseId }: { courseId: string }) {
  const { t, locale } = useT();
  const base = `/courses/${courseId}/coupons`;
  const [coupons, setCoupons] = useState<CouponView[] | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ code: '', kind: 'percent', value: '', expires: '', maxUses: '' });

  async function load() {
    try {
      setCoupons((await studioApi<{ coupons: CouponView[] }>(base, {}, LOAD_FAILED)).coupons);
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : LOAD_FAILED });
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per course; load only reads the course id
  useEffect(() => {
    void load();
  }, [courseId]);

  async function run(action: () => Promise<{ message: string }>, failure: string) {
    setBusy(true);
    setFlash(null);
    try {
      setFlash({ kind: 'success', text: (await action()).message });
      await load();
      return true;
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : failure });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const json = {
      code: form.code,
      kind: form.kind,
      value: wholeOrNull(form.value),
      expiresAt: form.expires ? endOfNairobiDay(form.expires) : null,
      maxUses: wholeOrNull(form.maxUses),
    };
    const ok = await run(
      () => studioApi<{ message: string }>(base, { method: 'POST', json }, COUPON_TEXT.createFailed),
      COUPON_TEXT.createFailed,
    );
    if (ok) setForm({ code: '', kind: form.kind, value: '', expires: '', maxUses: '' });
  }

  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [field]: e.target.value });

  return (
    <section className="studio-section" aria-labelledby="coupons-heading">
      <h2 id="coupons-heading">{t('studio.coupons.title')}</h2>
      <SaveMessage flash={flash} />
      {coupons?.length === 0 ? <p className="empty-hint">{t('studio.coupons.empty')}</p> : null}
      <ul className="studio-coupons">
        {coupons?.map((c) => (
          <li key={c.id} className="studio-coupon" data-code={c.code}>
            <div>
              <h3>{c.code}</h3>
              <p className="studio-episode-meta">
                {couponDiscount(c, t, locale)} · {couponExpiry(c, t, locale)} · {couponUses(c, t)} ·{' '}
                {c.active ? t('studio.coupons.active') : t('studio.coupons.inactive')}
              </p>
            </div>
            {c.active ? (
              <button
                type="button"
                className="btn btn-ghost btn-small danger"
                disabled={busy}
                aria-label={t('studio.coupons.deactivateOne', { code: c.code })}
                onClick={() =>
                  void run(
                    () =>
                      studioApi<{ message: string }>(
                        `${base}/${c.id}/deactivate`,
                        { method: 'POST', json: {} },
                        DEACTIVATE_FAILED,
                      ),
                    DEACTIVATE_FAILED,
                  )
                }
              >
                {t('studio.coupons.deactivate')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="studio-subheading">{t('studio.coupons.new')}</h3>
      <form className="studio-form" onSubmit={create} noValidate>
        <label className="field">
          <span className="field-label">{t('studio.coupons.code')}</span>
          <input
            name="code"
            value={form.code}
            onChange={set('code')}
            autoCapitalize="characters"
            maxLength={32}
            required
          />
          <span className="field-hint">{t('studio.coupons.codeHint')}</span>
        </label>
        <div className="field-row">
          <label className="field">
            <span className="field-label">{t('studio.coupons.discount')}</span>
            <select name="kind" value={form.kind} onChange={set('kind')}>
              <option value="percent">{t('studio.coupons.kindPercent')}</option>
              <option value="fixed">{t('studio.coupons.kindFixed')}</option>
            </select>
          </label>
          <label className="field">
            <span className="field-label">
              {form.kind === 'percent' ? t('studio.coupons.percent') : t('studio.coupons.amount')}
            </span>
            <input name="value" type="number" inputMode="numeric" min={1} value={form.value} onChange={set('value')} />
          </label>
        </div>
        <div className="field-row">
          <label className="field">
            <span className="field-label">{t('studio.coupons.expiresOn')}</span>
            <input name="expires" type="date" value={form.expires} onChange={set('expires')} />
          </label>
          <label className="field">
            <span className="field-label">{t('studio.coupons.maxUses')}</span>
            <input
              name="maxUses"
              type="number"
              inputMode="numeric"
              min={1}
              value={form.maxUses}
              onChange={set('maxUses')}
            />
          </label>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('studio.coupons.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
