import { readForm } from '#app/server/readForm.server.ts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import {
  changeAccountSetting,
  deleteMyAccountAndSignOut,
  loadAccountPage,
  sendDeletionCode,
} from '#app/server/accounts.server.ts';
import { AccountSettings, type SettingResult } from '../components/account/AccountSettings.tsx';
import { displayPhone } from '#common/phone.ts';
import { refusalData, serverContext } from '#app/server/context.server.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/account.css';
import type { Route } from './+types/account';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.account') }];
}

export function loader(args: Route.LoaderArgs) {
  if (!serverContext(args.context).actor) throw redirect(loginPathFor('/account'));
  return loadAccountPage(args);
}

type ActionData = { error: string; challengeId?: string } | { challengeId: string; validMinutes: number };

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const field = (k: string) => String(form.get(k) ?? '');
  const intent = field('intent');
  if (intent !== 'send-code' && intent !== 'delete') {
    const input: Record<string, string> = {};
    for (const [k, v] of form) if (typeof v === 'string') input[k] = v;
    try {
      const result = await changeAccountSetting(args, intent, input);
      if (result) return { setting: { intent, ...result } satisfies SettingResult };
    } catch (err) {
      // The form comes back as it was filled, passwords left out.
      const values = Object.fromEntries(Object.entries(input).filter(([k]) => !/password/i.test(k)));
      return refusalData(err, (e) => ({ setting: { intent, error: e.message, values } satisfies SettingResult }));
    }
  }
  // Phone-only accounts: first the code to their phone, then the deletion with it.
  if (field('intent') === 'send-code') {
    try {
      const { challengeId, validMinutes } = await sendDeletionCode(args);
      return { challengeId, validMinutes } satisfies ActionData;
    } catch (err) {
      return refusalData(err, (e): ActionData => ({ error: e.message }));
    }
  }
  let signedOut: string;
  try {
    signedOut = await deleteMyAccountAndSignOut(args, {
      password: field('password'),
      challengeId: field('challengeId'),
      code: field('code'),
    });
  } catch (err) {
    return refusalData(err, (e): ActionData => ({ error: e.message, challengeId: field('challengeId') }));
  }
  throw redirect('/', { headers: { 'set-cookie': signedOut } });
}

/** Settings: download everything Darasa keeps about you, or delete your account (Data Protection Act, 2019). */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  const setting = actionData && 'setting' in actionData ? (actionData.setting ?? null) : null;
  const deletion = actionData && !('setting' in actionData) ? (actionData as ActionData) : null;
  const refusal = deletion && 'error' in deletion ? deletion.error : null;
  const sent = deletion && 'validMinutes' in deletion ? deletion : null;
  // The code form stays up after a wrong code (the refusal carries its challenge back).
  const challengeId = deletion?.challengeId || null;
  // Only what the account has: a phone-only account has no e-mail, an e-mail one may have no phone.
  const contact = loaderData.email || (loaderData.phone ? displayPhone(loaderData.phone) : '');
  return (
    <>
      <TopBar />
      <main className="account-page">
        <h1>{t('account.title')}</h1>
        <p>
          {t('account.signedInAs')} <strong>{loaderData.name}</strong>
          {contact ? ` (${contact})` : null}.
        </p>
        <p className="account-affiliate">
          <Link to="/affiliate">{t('affiliate.accountLink')}</Link>
        </p>
        <AccountSettings settings={loaderData} result={setting} busy={busy} />
        <section aria-labelledby="account-data">
          <h2 id="account-data">{t('account.data.title')}</h2>
          <p>{t('account.data.text')}</p>
          <a className="btn btn-ghost" href="/api/account/data" download>
            {t('account.data.download')}
          </a>
        </section>
        <section aria-labelledby="account-delete" className="account-danger">
          <h2 id="account-delete">{t('account.delete.title')}</h2>
          <p>{t('account.delete.text')}</p>
          {loaderData.confirmBy === 'password' ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <label htmlFor="account-password">{t('account.password')}</label>
              <input id="account-password" name="password" type="password" autoComplete="current-password" required />
              <Refusal error={refusal} />
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? t('account.deleting') : t('account.delete.title')}
              </button>
            </Form>
          ) : challengeId ? (
            <Form method="post">
              <p>
                {sent
                  ? t('phone.codeSentTo', {
                      phone: displayPhone(loaderData.phone).replaceAll(' ', '\u00a0'),
                      minutes: sent.validMinutes,
                    })
                  : null}
              </p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="challengeId" value={challengeId} />
              <label htmlFor="account-code">{t('account.delete.code')}</label>
              <input
                id="account-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
              />
              <Refusal error={refusal} />
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? t('account.deleting') : t('account.delete.title')}
              </button>
            </Form>
          ) : (
            <Form method="post">
              <p>{t('account.delete.byCode')}</p>
              <input type="hidden" name="intent" value="send-code" />
              <Refusal error={refusal} />
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t('account.delete.sendCode')}
              </button>
            </Form>
          )}
        </section>
      </main>
    </>
  );
}

function Refusal({ error }: { error: string | null }) {
  const { t } = useT();
  return error ? (
    <p role="alert" className="account-error">
      {t(error)}
    </p>
  ) : null;
}
