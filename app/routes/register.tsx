import { readForm } from '#app/server/readForm.server.ts';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { describeIssues } from '#common/validation.ts';
import { registrationSchema } from '#common/accounts/registrationSchema.ts';
import { completeRegistration, registerByPhone, startRegistration } from '#app/server/accounts.server.ts';
import { runPhoneCodeAction } from '#app/server/phoneCodeAction.server.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { PhoneStart, type PhoneStepData } from '../components/auth/PhoneStart.tsx';
import { PhoneSignUpFields } from '../components/auth/PhoneSignUpFields.tsx';
import { Field, AuthFormMessage, invalidProps, NameField, RoleChoice } from '#app/components/auth/AuthForm.tsx';
import { PhoneInput } from '../components/auth/PhoneInput.tsx';
import { WelcomeDialog } from '../components/auth/WelcomeDialog.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { redirectIfSignedIn, runAuthAction, type SignInCodeStep } from '#app/server/authAction.server.ts';
import { PhoneCodeStep } from '../components/auth/PhoneCodeStep.tsx';
import { browserListField } from '../lib/authMyListSync.ts';
import { replaceMyList } from '../lib/myList.ts';
import '../styles/auth.css';
import type { Route } from './+types/register';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.register') }];
}

export function loader(args: Route.LoaderArgs) {
  const redirectTo = redirectIfSignedIn(args);
  const params = new URL(args.request.url).searchParams;
  const role = params.get('role') === 'creator' ? 'creator' : 'customer';
  return { redirectTo, role, byPhone: params.get('method') === 'phone' };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone());
  if (form.get('method') === 'phone') {
    if (form.get('intent') === 'send-code') return runPhoneCodeAction(args, form, 'sign-up');
    return runAuthAction(args, registerByPhone, 'Registration failed');
  }
  // By e-mail: the form sends a code to the address (decision 0045), the code makes the account.
  if (form.get('intent') === 'code') return runAuthAction(args, completeRegistration, PHONE_TEXT.codeWrong);
  return runAuthAction(args, startRegistration, 'Registration failed');
}

// After signing up, the success dialog stays up: this page's loader would send a signed-in user away.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

type Problems = { message: string; fields: Record<string, string> };

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t, locale } = useT();
  const emailStep = actionData && 'viaAccount' in actionData ? (actionData as SignInCodeStep) : null;
  const phoneStep = actionData && 'step' in actionData && !emailStep ? (actionData as PhoneStepData) : null;
  const failed = actionData && !('step' in actionData) && !actionData.ok ? actionData : null;
  const done = actionData && !('step' in actionData) && actionData.ok ? actionData : null;
  // Checked in the browser with the server's own rules; the server checks again. Tagged with the server
  // answer they were found after, so a new answer replaces them.
  const [clientCheck, setClientCheck] = useState<{ after: typeof actionData; errors: Problems | null }>({
    after: actionData,
    errors: null,
  });
  const clientErrors = clientCheck.after === actionData ? clientCheck.errors : null;
  const setClientErrors = (errors: Problems | null) => setClientCheck({ after: actionData, errors });
  useEffect(() => {
    if (done) replaceMyList(done.myList);
  }, [done]);
  // The e-mail code step stays up while its code is wrong; "Change email" goes back to the form. Rendered
  // from the answer itself at first, so it works without JavaScript.
  const [sentCode, setSentCode] = useState<SignInCodeStep | null>(emailStep);
  useEffect(() => {
    if (emailStep) setSentCode(emailStep);
  }, [emailStep]);
  // What the form posted (the password too), to post again for a new code and to refill it on going back.
  const [submitted, setSubmitted] = useState<Record<string, string> | null>(null);
  // The answer the person left the code step after: its error belongs to the code step, not the form.
  const [leftCodeAfter, setLeftCodeAfter] = useState<unknown>(undefined);
  const formFailed = failed && leftCodeAfter !== actionData ? failed : null;
  const errors = clientErrors ?? (formFailed ? { message: formFailed.error, fields: formFailed.fields } : null);
  const fields = errors?.fields ?? {};
  const values = formFailed?.values ?? submitted ?? undefined;
  const loginHref = loaderData.redirectTo ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/login';
  const redirectTo = loaderData.redirectTo ?? '';
  const switchQuery = new URLSearchParams({
    ...(loaderData.byPhone ? {} : { method: 'phone' }),
    ...(loaderData.redirectTo ? { redirectTo: loaderData.redirectTo } : {}),
    ...(loaderData.role === 'creator' ? { role: 'creator' } : {}),
  });

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const checked = registrationSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!checked.success) {
      e.preventDefault();
      const { message, details: fields } = describeIssues(checked.error);
      setClientErrors({ message, fields });
      form.querySelector<HTMLElement>(`[name="${Object.keys(fields)[0]}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    browserListField(form);
    const posted: Record<string, string> = {};
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && k !== 'myList') posted[k] = v;
    setSubmitted(posted);
  }

  return (
    <>
      <TopBar />
      <main className="auth-page">
        {sentCode && !done && !loaderData.byPhone ? (
          <PhoneCodeStep
            sent={{ ...sentCode, phone: '', values: submitted ?? sentCode.values }}
            error={failed?.error}
            fields={failed?.fields ?? {}}
            busy={busy}
            submitLabel={t('auth.createAccount')}
            hidden={{ intent: 'code', redirectTo, myList: '' }}
            notice={t('auth.signUpCodeSent', {
              // As the account will have it (addresses are kept in lower case).
              email: (sentCode.values.email ?? '').trim().toLowerCase(),
              minutes: sentCode.validMinutes,
            })}
            backLabel="auth.changeEmail"
            // A new code posts the form again, password included: only a browser that kept it offers one.
            resend={submitted !== null}
            followDelivery={false}
            onChangeNumber={() => {
              setSentCode(null);
              setLeftCodeAfter(actionData);
            }}
            onSubmit={(e) => browserListField(e.currentTarget)}
          />
        ) : loaderData.byPhone ? (
          <PhoneStart
            title={t(PHONE_TEXT.signUpWithPhone)}
            actionData={phoneStep}
            codeError={failed ?? null}
            hidden={{ method: 'phone', redirectTo, myList: '' }}
            firstStep={({ fields: stepFields, values: stepValues }) => (
              <PhoneSignUpFields fields={stepFields} values={stepValues} role={loaderData.role} />
            )}
            submitLabel={t('auth.createAccount')}
            onCodeSubmit={(e) => browserListField(e.currentTarget)}
          />
        ) : (
          <Form method="post" className="auth-card" noValidate onSubmit={onSubmit}>
            <h1>{t('auth.createAccount')}</h1>
            <AuthFormMessage error={errors?.message} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ''} />
            <input type="hidden" name="myList" defaultValue="" />
            <input type="hidden" name="locale" value={locale === 'sw' ? 'sw' : 'en'} />
            <NameField error={fields.name} defaultValue={values?.name} />
            <Field id="email" label="Email" error={fields.email}>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values?.email}
                {...invalidProps('email', fields.email)}
              />
            </Field>
            <Field id="password" label="Password" error={fields.password}>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={6}
                maxLength={128}
                aria-describedby="password-hint"
                {...invalidProps('password', fields.password)}
              />
              <span className="auth-hint" id="password-hint">
                {t('auth.passwordHint')}
              </span>
            </Field>
            <Field id="phone" label="Phone (M-Pesa)" error={fields.phone}>
              <PhoneInput id="phone" defaultValue={values?.phone} invalid={invalidProps('phone', fields.phone)} />
            </Field>
            <RoleChoice initial={values?.role || loaderData.role} error={fields.role} />
            <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
              {busy ? t('auth.creatingAccount') : t('auth.createAccount')}
            </button>
            <p className="auth-alt">
              {t('auth.haveAccount')} <Link to={loginHref}>{t('topbar.signIn')}</Link>
            </p>
          </Form>
        )}
        <p className="auth-method">
          <Link className="auth-switch" to={`/register${switchQuery.size ? `?${switchQuery}` : ''}`} reloadDocument>
            {t(loaderData.byPhone ? PHONE_TEXT.signUpWithEmail : PHONE_TEXT.signUpWithPhone)}
          </Link>
        </p>
        <div className="auth-method">
          <LanguageSwitch />
        </div>
      </main>
      {done ? (
        <WelcomeDialog
          title={t('auth.created')}
          message={t('auth.welcome', { name: done.name })}
          to={done.to}
          locale={done.locale}
        />
      ) : null}
    </>
  );
}
