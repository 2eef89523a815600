import { readForm } from '#app/server/readForm.server.ts';
import { Form, Link, useNavigation } from 'react-router';
import { refusalData } from '#app/server/context.server.ts';
import { confirmNewEmail } from '#app/server/accounts.server.ts';
import { AuthFormMessage } from '#app/components/auth/AuthForm.tsx';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/auth.css';
import '../styles/account.css';
import type { Route } from './+types/accountEmail';
import { metaT } from '#app/i18n/metaText.ts';
import { useT } from '#app/i18n/useT.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaT(matches)('meta.accountEmail') }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.slice(0, 200) ?? '' };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  try {
    const { email } = await confirmNewEmail(args, { token: String(form.get('token') ?? '') });
    return { email, error: null };
  } catch (err) {
    return refusalData(err, (e) => ({ email: null, error: e.message }));
  }
}

/**
 * The link sent to a new e-mail address (decision 0048). Opening it only shows a button: the change is a
 * POST, so a mail scanner that fetches links does not use the single-use link up.
 */
export default function AccountEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="auth-page">
        {actionData?.email ? (
          <div className="auth-card">
            <h1>{t('account.emailConfirm.title')}</h1>
            <AuthFormMessage notice={ACCOUNT_TEXT.emailChanged} />
            <p className="account-wrap">{actionData.email}</p>
            <Link className="btn btn-primary auth-submit" to="/account">
              {t('account.emailConfirm.back')}
            </Link>
          </div>
        ) : (
          <Form method="post" className="auth-card">
            <h1>{t('account.emailConfirm.title')}</h1>
            <AuthFormMessage error={actionData?.error} />
            <p>{t('account.emailConfirm.text')}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
              {t('account.emailConfirm.button')}
            </button>
          </Form>
        )}
      </main>
    </>
  );
}
