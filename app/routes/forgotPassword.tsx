import { readForm } from '#app/server/readForm.server.ts';
import { Form, Link, useNavigation } from 'react-router';
import { refusalData } from '#app/server/context.server.ts';
import { requestResetLink, resetPasswordWithCode } from '#app/server/accounts.server.ts';
import { runPhoneCodeAction } from '#app/server/phoneCodeAction.server.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { Field, AuthFormMessage, invalidProps } from '#app/components/auth/AuthForm.tsx';
import { PhoneStart, type PhoneStepData } from '../components/auth/PhoneStart.tsx';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/auth.css';
import type { Route } from './+types/forgotPassword';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.forgotPassword') }];
}

const RESET_SENT =
  'If an account exists for that email, we have sent a link to reset its password. It works once, within 30 minutes.';

export function loader({ request }: Route.LoaderArgs) {
  return { byPhone: new URL(request.url).searchParams.get('method') === 'phone' };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  if (form.get('method') === 'phone') {
    if (form.get('intent') === 'send-code') return runPhoneCodeAction(args, form, 'reset');
    try {
      await resetPasswordWithCode(args, Object.fromEntries(form));
      return { reset: true as const };
    } catch (err) {
      return refusalData(err, (e) => ({ reset: false as const, error: e.message, fields: e.details ?? {} }));
    }
  }
  const email = form.get('email');
  try {
    await requestResetLink(args, { email });
    return { sent: true as const, error: null };
  } catch (err) {
    return refusalData(err, (e) => ({ sent: false as const, error: e.message }));
  }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  if (loaderData.byPhone) return <ResetByPhone actionData={actionData} />;
  const emailResult = actionData && 'sent' in actionData ? actionData : null;
  return (
    <>
      <TopBar />
      <main className="auth-page">
        <Form method="post" className="auth-card">
          <h1>{t('reset.title')}</h1>
          <AuthFormMessage error={emailResult?.error} notice={emailResult?.sent ? RESET_SENT : null} />
          <Field id="email" label="Email">
            <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
          </Field>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? t('reset.sending') : t('reset.send')}
          </button>
          <p className="auth-alt">
            {t('reset.remembered')} <Link to="/login">{t('topbar.signIn')}</Link>
          </p>
        </Form>
        <p className="auth-method">
          <Link className="auth-switch" to="/forgot-password?method=phone" reloadDocument>
            {t(PHONE_TEXT.forgotByPhone)}
          </Link>
        </p>
      </main>
    </>
  );
}

function ResetByPhone({ actionData }: { actionData: Route.ComponentProps['actionData'] }) {
  const phoneStep = actionData && 'step' in actionData ? (actionData as PhoneStepData) : null;
  const result = actionData && 'reset' in actionData ? actionData : null;
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="auth-page">
        {result?.reset ? (
          <div className="auth-card">
            <h1>{t('reset.title')}</h1>
            <AuthFormMessage notice={PHONE_TEXT.passwordResetDone} />
            <Link className="btn btn-primary auth-submit" to="/login">
              {t('topbar.signIn')}
            </Link>
          </div>
        ) : (
          <PhoneStart
            title={t('reset.title')}
            actionData={phoneStep}
            codeError={result && result.reset === false && 'fields' in result ? result : null}
            hidden={{ method: 'phone' }}
            submitLabel={t(PHONE_TEXT.setPassword)}
            codeFields={(fields) => (
              <Field id="password" label={PHONE_TEXT.newPassword} error={fields.password}>
                <input
                  id="password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={6}
                  maxLength={128}
                  {...invalidProps('password', fields.password)}
                />
              </Field>
            )}
          />
        )}
      </main>
    </>
  );
}
