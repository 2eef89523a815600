import { readForm } from '#app/server/readForm.server.ts';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { signIn, signInWithCode, signInWithPhone } from '#app/server/accounts.server.ts';
import { runPhoneCodeAction } from '#app/server/phoneCodeAction.server.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { PhoneStart, type PhoneStepData } from '../components/auth/PhoneStart.tsx';
import { Field, AuthFormMessage, invalidProps } from '#app/components/auth/AuthForm.tsx';
import { WelcomeDialog } from '../components/auth/WelcomeDialog.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { redirectIfSignedIn, runAuthAction, type SignInCodeStep } from '#app/server/authAction.server.ts';
import { PhoneCodeStep } from '../components/auth/PhoneCodeStep.tsx';
import { browserListField } from '../lib/authMyListSync.ts';
import { replaceMyList } from '../lib/myList.ts';
import '../styles/auth.css';
import type { Route } from './+types/login';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.signIn') }];
}

export function loader(args: Route.LoaderArgs) {
  const byPhone = new URL(args.request.url).searchParams.get('method') === 'phone';
  return { redirectTo: redirectIfSignedIn(args), byPhone };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone());
  if (form.get('method') === 'phone') {
    if (form.get('intent') === 'send-code') return runPhoneCodeAction(args, form, 'sign-in');
    return runAuthAction(args, signInWithPhone, PHONE_TEXT.codeWrong);
  }
  // The code step of a sign-in past the account-wide limit (decision 0042).
  if (form.get('method') === 'code') return runAuthAction(args, signInWithCode, PHONE_TEXT.codeWrong);
  return runAuthAction(args, signIn, 'Invalid email or password');
}

// After signing in, the welcome dialog stays up: this page's loader would send a signed-in user away.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  const codeStep = actionData && 'viaAccount' in actionData ? (actionData as SignInCodeStep) : null;
  // The code step stays up while its code is wrong; "Back to sign in" leaves it.
  const [sentCode, setSentCode] = useState<SignInCodeStep | null>(null);
  useEffect(() => {
    if (codeStep) setSentCode(codeStep);
  }, [codeStep]);
  const phoneStep = actionData && 'step' in actionData && !codeStep ? (actionData as PhoneStepData) : null;
  const failed = actionData && !('step' in actionData) && !actionData.ok ? actionData : null;
  const done = actionData && !('step' in actionData) && actionData.ok ? actionData : null;
  useEffect(() => {
    if (done) replaceMyList(done.myList);
  }, [done]);
  const registerHref = loaderData.redirectTo
    ? `/register?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
    : '/register';
  const query = (byPhone: boolean) => {
    const q = new URLSearchParams();
    if (byPhone) q.set('method', 'phone');
    if (loaderData.redirectTo) q.set('redirectTo', loaderData.redirectTo);
    return q.size ? `?${q}` : '';
  };
  const redirectTo = loaderData.redirectTo ?? '';
  return (
    <>
      <TopBar />
      <main className="auth-page">
        {sentCode && !done ? (
          <PhoneCodeStep
            sent={{ ...sentCode, phone: '' }}
            error={failed?.error}
            fields={failed?.fields ?? {}}
            busy={busy}
            submitLabel={t(PHONE_TEXT.verify)}
            hidden={{ method: 'code', redirectTo, myList: '' }}
            notice={t('auth.codeSentToAccount', { minutes: sentCode.validMinutes })}
            backLabel="auth.codeBack"
            resend={false}
            onChangeNumber={() => setSentCode(null)}
            onSubmit={(e) => browserListField(e.currentTarget)}
          />
        ) : loaderData.byPhone ? (
          <PhoneStart
            title={t(PHONE_TEXT.signInWithPhone)}
            actionData={phoneStep}
            codeError={failed ?? null}
            hidden={{ method: 'phone', redirectTo, myList: '' }}
            submitLabel={t(PHONE_TEXT.verify)}
            onCodeSubmit={(e) => browserListField(e.currentTarget)}
          />
        ) : (
          <Form method="post" className="auth-card" onSubmit={(e) => browserListField(e.currentTarget)}>
            <h1>{t('topbar.signIn')}</h1>
            <AuthFormMessage error={failed?.error} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ''} />
            <input type="hidden" name="myList" defaultValue="" />
            <Field id="email" label="Email" error={failed?.fields.email}>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={failed?.values.email}
                {...invalidProps('email', failed?.fields.email)}
              />
            </Field>
            <Field id="password" label="Password" error={failed?.fields.password}>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={128}
                {...invalidProps('password', failed?.fields.password)}
              />
            </Field>
            <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
              {busy ? t('auth.signingIn') : t('topbar.signIn')}
            </button>
            <p className="auth-alt">
              <Link to="/forgot-password">{t('auth.forgot')}</Link>
            </p>
            <p className="auth-alt">
              {t('auth.newHere')} <Link to={registerHref}>{t('auth.createAccountLink')}</Link>
            </p>
          </Form>
        )}
        <p className="auth-method">
          <Link className="auth-switch" to={`/login${query(!loaderData.byPhone)}`} reloadDocument>
            {t(loaderData.byPhone ? PHONE_TEXT.signInWithEmail : PHONE_TEXT.signInWithPhone)}
          </Link>
        </p>
      </main>
      {done ? (
        <WelcomeDialog
          title={t('auth.welcomeBack', { name: done.name })}
          message={t('auth.signedIn')}
          to={done.to}
          locale={done.locale}
        />
      ) : null}
    </>
  );
}
