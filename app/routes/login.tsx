import { useEffect } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { signIn } from '../../server/modules/accounts/signIn.ts';
import { Field, FormMessage, invalidProps } from '../components/auth/FormMessage.tsx';
import { WelcomeDialog } from '../components/auth/WelcomeDialog.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { redirectIfSignedIn, runAuthAction } from '../lib/authAction.ts';
import { browserListField } from '../lib/authMyListSync.ts';
import { replaceMyList } from '../lib/myList.ts';
import '../styles/auth.css';
import type { Route } from './+types/login';

export function meta() {
  return [{ title: 'Sign In — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return { redirectTo: redirectIfSignedIn(args) };
}

export function action(args: Route.ActionArgs) {
  return runAuthAction(args, signIn, 'Invalid email or password');
}

// After signing in, the welcome dialog stays up: this page's loader would send a signed-in user away.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const done = actionData?.ok ? actionData : null;
  useEffect(() => {
    if (done) replaceMyList(done.myList);
  }, [done]);
  const registerHref = loaderData.redirectTo ? `/register?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/register';
  return (
    <>
      <TopBar />
      <main className="auth-page">
        <Form method="post" className="auth-card" onSubmit={(e) => browserListField(e.currentTarget)}>
          <h1>Sign In</h1>
          <FormMessage error={failed?.error} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ''} />
          <input type="hidden" name="myList" defaultValue="" />
          <Field id="email" label="Email" error={failed?.fields.email}>
            <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={failed?.values.email} {...invalidProps('email', failed?.fields.email)} />
          </Field>
          <Field id="password" label="Password" error={failed?.fields.password}>
            <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={128} {...invalidProps('password', failed?.fields.password)} />
          </Field>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </button>
          <p className="auth-alt">
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
          <p className="auth-alt">
            New to Darasa? <Link to={registerHref}>Create an account</Link>
          </p>
        </Form>
      </main>
      {done ? <WelcomeDialog title={`Welcome back, ${done.name}!`} message="You are signed in." to={done.to} /> : null}
    </>
  );
}
