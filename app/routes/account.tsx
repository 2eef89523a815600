import { Form, redirect, useNavigation } from 'react-router';
import { clearSessionCookie, deleteMyAccount } from '#app/server/accounts.server.ts';
import { refusalData, serverContext } from '#app/server/context.server.ts';
import { loginPathFor } from '#app/lib/authRedirect.ts';
import { TopBar } from '../components/TopBar.tsx';
import '../styles/account.css';
import type { Route } from './+types/account';

export function meta() {
  return [{ title: 'Account settings — Darasa' }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = serverContext(context);
  if (!actor) throw redirect(loginPathFor('/account'));
  return { name: actor.name, email: actor.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, actor } = serverContext(context);
  const form = await request.formData();
  try {
    await deleteMyAccount(services, actor, { password: String(form.get('password') ?? '') });
  } catch (err) {
    return refusalData(err, (e) => ({ error: e.message }));
  }
  throw redirect('/', { headers: { 'set-cookie': clearSessionCookie(services) } });
}

/** Settings: download everything Darasa keeps about you, or delete your account (Data Protection Act, 2019). */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <TopBar />
      <main className="account-page">
        <h1>Account settings</h1>
        <p>
          Signed in as <strong>{loaderData.name}</strong> ({loaderData.email}).
        </p>
        <section aria-labelledby="account-data">
          <h2 id="account-data">Your data</h2>
          <p>
            Download everything Darasa keeps about you: your account, purchases, progress, reviews and saved courses.
          </p>
          <a className="btn btn-ghost" href="/api/account/data" download>
            Download my data
          </a>
        </section>
        <section aria-labelledby="account-delete" className="account-danger">
          <h2 id="account-delete">Delete my account</h2>
          <p>
            Your name, email, phone number, progress, saved courses and sign-ins are deleted and you lose access to your
            courses. Payment records stay, without your name or number, because the law requires us to keep them.
          </p>
          <Form method="post">
            <label htmlFor="account-password">Your password</label>
            <input id="account-password" name="password" type="password" autoComplete="current-password" required />
            {actionData?.error && (
              <p role="alert" className="account-error">
                {actionData.error}
              </p>
            )}
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete my account'}
            </button>
          </Form>
        </section>
      </main>
    </>
  );
}
