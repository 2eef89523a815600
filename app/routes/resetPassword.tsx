import { readForm } from '#app/server/readForm.server.ts';
import { Form, Link, useNavigation } from 'react-router';
import { refusalData } from '#app/server/context.server.ts';
import { resetPasswordWithLink } from '#app/server/accounts.server.ts';
import { Field, AuthFormMessage } from '#app/components/auth/AuthForm.tsx';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/auth.css';
import type { Route } from './+types/resetPassword';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.resetPassword') }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.slice(0, 200) ?? '' };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  try {
    await resetPasswordWithLink(args, { token: form.get('token'), password: form.get('password') });
    return { done: true as const, error: null };
  } catch (err) {
    return refusalData(err, (e) => ({ done: false as const, error: e.message }));
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="auth-page">
        {actionData?.done ? (
          <div className="auth-card">
            <h1>{t('reset.changed')}</h1>
            <AuthFormMessage notice="Your password has been changed. Please sign in with the new one." />
            <Link className="btn btn-primary auth-submit" to="/login">
              {t('topbar.signIn')}
            </Link>
          </div>
        ) : (
          <Form method="post" className="auth-card">
            <h1>{t('reset.choose')}</h1>
            <AuthFormMessage
              error={
                actionData?.error ??
                (loaderData.token ? null : 'This reset link is incomplete. Please ask for a new one.')
              }
            />
            <input type="hidden" name="token" value={loaderData.token} />
            <Field id="password" label="New password">
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={6}
                maxLength={128}
              />
            </Field>
            <button type="submit" className="btn btn-primary auth-submit" disabled={busy || !loaderData.token}>
              {busy ? t('reset.saving') : t('reset.save')}
            </button>
            <p className="auth-alt">
              <Link to="/forgot-password">{t('reset.askNew')}</Link>
            </p>
          </Form>
        )}
      </main>
    </>
  );
}
