import { useEffect, useId, useState } from 'react';
import {
  ANNOUNCEMENT_MAX_CHARS,
  ANNOUNCEMENT_TEXT,
  type AnnouncementOverview,
  announcementSms,
  smsParts,
} from '#common/announcements/announcementSchemas.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';

const LOAD_FAILED = 'Failed to load announcements. Please try again.';

/** Two decimals: an SMS costs a fraction of a shilling. */
const cents = (n: number, locale: string) =>
  `KES ${new Intl.NumberFormat(locale === 'sw' ? 'sw-KE' : 'en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

/**
 * A saved course's announcements (decision 0062): the creator writes to its owners by e-mail, and by SMS when
 * they tick it, seeing before sending how many SMS that makes and what they cost, and what is left this month.
 */
export function AnnouncementForm({ courseId }: { courseId: string }) {
  const { t, locale, number, dateTime } = useFormat();
  const base = `/courses/${courseId}/announcements`;
  const ids = useId();
  const [overview, setOverview] = useState<AnnouncementOverview | null>(null);
  const [body, setBody] = useState('');
  const [bySms, setBySms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);

  async function load() {
    try {
      setOverview(await studioApi<AnnouncementOverview>(base, {}, LOAD_FAILED));
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : LOAD_FAILED });
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per course; load only reads the course id
  useEffect(() => {
    void load();
  }, [courseId]);

  const parts = smsParts(announcementSms(overview?.courseTitle ?? '', body.trim() || ' '));
  const smsCount = (overview?.smsRecipients ?? 0) * parts;
  const smsCost = smsCount * (overview?.smsCostKes ?? 0);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFlash(null);
    try {
      const r = await studioApi<{ message: string }>(
        base,
        { method: 'POST', json: { body, bySms } },
        ANNOUNCEMENT_TEXT.sendFailed,
      );
      setFlash({ kind: 'success', text: r.message });
      setBody('');
      setBySms(false);
      await load();
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : ANNOUNCEMENT_TEXT.sendFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="studio-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{t('studio.announce.title')}</h2>
      <p className="field-hint">{t('studio.announce.hint')}</p>
      <form className="studio-form" onSubmit={send} noValidate>
        <label className="field">
          <span className="field-label">{t('studio.announce.message')}</span>
          <textarea
            name="announcement"
            rows={5}
            value={body}
            maxLength={ANNOUNCEMENT_MAX_CHARS}
            onChange={(e) => setBody(e.target.value)}
            aria-describedby={`${ids}-count`}
          />
          <span className="field-hint" id={`${ids}-count`}>
            {t('studio.announce.chars', { count: number(body.length), max: number(ANNOUNCEMENT_MAX_CHARS) })}
          </span>
        </label>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={bySms}
            aria-describedby={`${ids}-sms`}
            checked={bySms}
            onChange={(e) => setBySms(e.target.checked)}
            name="bySms"
          />
          <span>{t('studio.announce.bySms')}</span>
        </label>
        {overview ? (
          <div className="announce-facts" id={`${ids}-sms`}>
            <p>{t('studio.announce.emailTo', { count: overview.emailRecipients })}</p>
            {bySms ? (
              <p className="announce-cost" data-testid="sms-cost">
                {t('studio.announce.smsCost', {
                  people: overview.smsRecipients,
                  count: smsCount,
                  cost: cents(smsCost, locale),
                })}
              </p>
            ) : null}
            <p>{t('studio.announce.left', { email: overview.emailLeft, sms: overview.smsLeft })}</p>
          </div>
        ) : null}
        <SaveMessage flash={flash} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('studio.announce.sending') : t('studio.announce.send')}
        </button>
      </form>
      {overview?.recent.length ? (
        <>
          <h3 className="studio-subheading">{t('studio.announce.recent')}</h3>
          <ul className="announce-list">
            {overview.recent.map((a) => (
              <li key={a.id}>
                <p className="announce-body">{a.body}</p>
                <p className="studio-episode-meta">
                  {dateTime(a.createdAt)} · {t('studio.announce.sentTo', { count: a.recipients })}
                  {a.bySms ? ` · ${t('studio.announce.smsSent', { count: a.smsCount })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
