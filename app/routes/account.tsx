import { Form, redirect, useNavigation } from 'react-router';
import { deleteMyAccountAndSignOut } from '#app/server/accounts.server.ts';
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

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = serverContext(context);
  if (!actor) throw redirect(loginPathFor('/account'));
  return { name: actor.name, email: actor.email };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  let signedOut: string;
  try {
    signedOut = await deleteMyAccountAndSignOut(args, { password: String(form.get('password') ?? '') });
  } catch (err) {
    return refusalData(err, (e) => ({ error: e.message }));
  }
  throw redirect('/', { headers: { 'set-cookie': signedOut } });
}

/** Settings: download everything Darasa keeps about you, or delete your account (Data Protection Act, 2019). */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useT();
  return (
    <>
      <TopBar />
      <main className="account-page">
        <h1>{t('account.title')}</h1>
        <p>
          {t('account.signedInAs')} <strong>{loaderData.name}</strong> ({loaderData.email}).
        </p>
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
          <Form method="post">
            <label htmlFor="account-password">{t('account.password')}</label>
            <input id="account-password" name="password" type="password" autoComplete="current-password" required />
            {actionData?.error && (
              <p role="alert" className="account-error">
                {t(actionData.error)}
              </p>
            )}
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? t('account.deleting') : t('account.delete.title')}
            </button>
          </Form>
        </section>
      </main>
    </>
  );
}
