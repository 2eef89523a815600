import { useState } from 'react';
import { Form, useLocation } from 'react-router';
import { displayPhone } from '#common/phone.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { useT } from '#app/i18n/useT.ts';
import { deviceName } from '#app/lib/deviceName.ts';

/** What /account's action answers for one of these forms: words to show, a code sent, or a refusal. */
export type SettingResult = {
  intent: string;
  done?: string;
  sent?: { challengeId: string; phone: string; validMinutes: number };
  error?: string;
  values?: Record<string, string>;
};

export interface SettingsView {
  name: string;
  email: string | null;
  phone: string;
  locale: 'en' | 'sw';
  confirmBy: 'password' | 'code';
  sessions: { id: string; userAgent: string; lastActive: string; current: boolean }[];
}

/**
 * The self-service part of /account (decision 0048): name, language, password, e-mail and M-Pesa number,
 * and the devices signed in. Plain forms posting to the page's action, one `intent` each, so they work
 * before and without JavaScript; each shows its own answer.
 */
export function AccountSettings({
  settings,
  result,
  busy,
}: {
  settings: SettingsView;
  result: SettingResult | null;
  busy: boolean;
}) {
  const { t } = useT();
  const { pathname } = useLocation();
  const mine = (intent: string) => (result && result.intent === intent ? result : null);
  const passwordStep = mine('password-code')?.sent ?? (mine('password')?.error ? mine('password')?.values : null);
  const phoneStep = mine('phone')?.sent ?? (mine('phone-confirm')?.error ? mine('phone-confirm')?.values : null);
  return (
    <>
      <section aria-labelledby="account-name">
        <h2 id="account-name">{t('account.name.title')}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="name" />
          <label htmlFor="account-name-input">{t('account.name.label')}</label>
          <input
            id="account-name-input"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={mine('name')?.values?.name ?? settings.name}
          />
          <Answer result={mine('name')} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('account.save')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="account-language">
        <h2 id="account-language">{t('account.language.title')}</h2>
        {/* The language switch's own route: it saves the choice and loads the page again in it. */}
        <form method="post" action="/language">
          <input type="hidden" name="redirectTo" value={pathname} />
          <label htmlFor="account-locale">{t('account.language.text')}</label>
          <select id="account-locale" name="locale" defaultValue={settings.locale}>
            <option value="en" lang="en">
              English
            </option>
            <option value="sw" lang="sw">
              Kiswahili
            </option>
          </select>
          <button type="submit" className="btn btn-primary">
            {t('account.save')}
          </button>
        </form>
      </section>

      <section aria-labelledby="account-pw">
        <h2 id="account-pw">{t('account.pw.title')}</h2>
        {settings.confirmBy === 'password' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="password" />
            <label htmlFor="account-pw-current">{t('account.pw.current')}</label>
            <input
              id="account-pw-current"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
            <NewPassword />
            <Answer result={mine('password')} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('account.pw.change')}
            </button>
          </Form>
        ) : passwordStep && 'challengeId' in passwordStep ? (
          <Form method="post">
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="challengeId" value={passwordStep.challengeId} />
            <CodeSentTo phone={settings.phone} sent={mine('password-code')?.sent} />
            <CodeField />
            <NewPassword />
            <Answer result={mine('password')} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('account.pw.set')}
            </button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="password-code" />
            <p>{t('account.pw.byCode')}</p>
            <Answer result={mine('password-code')} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('account.pw.sendCode')}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="account-email">
        <h2 id="account-email">{t('account.email.title')}</h2>
        <p>{settings.email ? t('account.email.current', { email: settings.email }) : t('account.email.none')}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="email" />
          <label htmlFor="account-email-input">{t('account.email.new')}</label>
          <input
            id="account-email-input"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={mine('email')?.error ? mine('email')?.values?.email : ''}
          />
          <Answer result={mine('email')} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('account.email.send')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="account-phone">
        <h2 id="account-phone">{t('account.phone.title')}</h2>
        <p>
          {settings.phone
            ? t('account.phone.current', { phone: displayPhone(settings.phone).replaceAll(' ', '\u00a0') })
            : t('account.phone.none')}
        </p>
        {phoneStep && 'challengeId' in phoneStep ? (
          <Form method="post">
            <input type="hidden" name="intent" value="phone-confirm" />
            <input type="hidden" name="challengeId" value={phoneStep.challengeId} />
            <CodeSentTo phone={mine('phone')?.sent?.phone ?? ''} sent={mine('phone')?.sent} />
            <CodeField />
            <Answer result={mine('phone-confirm')} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('account.phone.confirm')}
            </button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="phone" />
            <label htmlFor="account-phone-input">{t('account.phone.new')}</label>
            <input
              id="account-phone-input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={40}
              defaultValue={mine('phone')?.error ? mine('phone')?.values?.phone : ''}
            />
            <Answer result={mine('phone')} />
            <Answer result={mine('phone-confirm')} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('account.phone.send')}
            </button>
          </Form>
        )}
      </section>

      <Sessions sessions={settings.sessions} result={mine('sign-out-others')} busy={busy} />
    </>
  );
}

function Sessions({
  sessions,
  result,
  busy,
}: {
  sessions: SettingsView['sessions'];
  result: SettingResult | null;
  busy: boolean;
}) {
  const { t } = useT();
  const { dateTime } = useFormat();
  const others = sessions.some((s) => !s.current);
  return (
    <section aria-labelledby="account-sessions">
      <h2 id="account-sessions">{t('account.sessions.title')}</h2>
      <ul className="account-sessions">
        {sessions.map((s) => {
          const { browser, system } = deviceName(s.userAgent);
          const name =
            browser && system
              ? t('account.sessions.on', { browser, system })
              : (browser ?? system ?? t('account.sessions.unknown'));
          return (
            <li key={s.id}>
              <strong>{name}</strong>
              {s.current ? <span className="account-badge">{t('account.sessions.thisDevice')}</span> : null}
              <br />
              <small>{t('account.sessions.lastActive', { when: dateTime(s.lastActive) })}</small>
            </li>
          );
        })}
      </ul>
      <Answer result={result} />
      {others ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="btn btn-ghost" disabled={busy}>
            {t('account.sessions.signOutOthers')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function NewPassword() {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  return (
    <>
      <label htmlFor="account-pw-new">{t('account.pw.new')}</label>
      <input
        id="account-pw-new"
        name="password"
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        required
        minLength={6}
        maxLength={128}
      />
      <label className="account-check">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> {t('account.pw.show')}
      </label>
    </>
  );
}

function CodeField() {
  const { t } = useT();
  return (
    <>
      <label htmlFor="account-setting-code">{t('account.code')}</label>
      <input
        id="account-setting-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
      />
    </>
  );
}

function CodeSentTo({ phone, sent }: { phone: string; sent: SettingResult['sent'] }) {
  const { t } = useT();
  if (!sent) return null;
  return (
    <p>
      {t('phone.codeSentTo', {
        phone: displayPhone(phone || sent.phone).replaceAll(' ', '\u00a0'),
        minutes: sent.validMinutes,
      })}
    </p>
  );
}

function Answer({ result }: { result: SettingResult | null }) {
  const { t } = useT();
  if (result?.error)
    return (
      <p role="alert" className="account-error">
        {t(result.error)}
      </p>
    );
  if (result?.done)
    return (
      <p role="status" className="account-done">
        {t(result.done)}
      </p>
    );
  return null;
}
