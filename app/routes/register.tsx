import { useEffect, useState } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { describeIssues, registrationSchema } from '../../server/modules/accounts/registrationSchema.ts';
import { registerAccount } from '../../server/modules/accounts/registerAccount.ts';
import { Field, FormMessage, invalidProps } from '../components/auth/FormMessage.tsx';
import { PhoneInput } from '../components/auth/PhoneInput.tsx';
import { WelcomeDialog } from '../components/auth/WelcomeDialog.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { redirectIfSignedIn, runAuthAction } from '../lib/authAction.ts';
import { browserListField } from '../lib/authMyListSync.ts';
import { replaceMyList } from '../lib/myList.ts';
import '../styles/auth.css';
import type { Route } from './+types/register';

export function meta() {
  return [{ title: 'Create Account — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  const redirectTo = redirectIfSignedIn(args);
  const role = new URL(args.request.url).searchParams.get('role') === 'creator' ? 'creator' : 'customer';
  return { redirectTo, role };
}

export function action(args: Route.ActionArgs) {
  return runAuthAction(args, registerAccount, 'Registration failed');
}

// After signing up, the success dialog stays up: this page's loader would send a signed-in user away.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

const ROLES = [
  { value: 'customer', label: 'Learn (Customer)' },
  { value: 'creator', label: 'Teach (Creator)' },
] as const;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const done = actionData?.ok ? actionData : null;
  // Checked in the browser with the server's own rules; the server checks again.
  const [clientErrors, setClientErrors] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  useEffect(() => {
    if (done) replaceMyList(done.myList);
  }, [done]);
  useEffect(() => setClientErrors(null), [actionData]);
  const errors = clientErrors ?? (failed ? { message: failed.error, fields: failed.fields } : null);
  const fields = errors?.fields ?? {};
  const values = failed?.values;
  const loginHref = loaderData.redirectTo ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/login';

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const checked = registrationSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!checked.success) {
      e.preventDefault();
      const described = describeIssues(checked.error);
      setClientErrors(described);
      const first = Object.keys(described.fields)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    browserListField(form);
  }

  return (
    <>
      <TopBar />
      <main className="auth-page">
        <Form method="post" className="auth-card" noValidate onSubmit={onSubmit}>
          <h1>Create Account</h1>
          <FormMessage error={errors?.message} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ''} />
          <input type="hidden" name="myList" defaultValue="" />
          <Field id="name" label="Full name" error={fields.name}>
            <input id="name" name="name" autoComplete="name" required maxLength={100} defaultValue={values?.name} {...invalidProps('name', fields.name)} />
          </Field>
          <Field id="email" label="Email" error={fields.email}>
            <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values?.email} {...invalidProps('email', fields.email)} />
          </Field>
          <Field id="password" label="Password" error={fields.password}>
            <input id="password" name="password" type="password" autoComplete="new-password" required minLength={6} maxLength={128} aria-describedby="password-hint" {...invalidProps('password', fields.password)} />
            <span className="auth-hint" id="password-hint">
              At least 6 characters
            </span>
          </Field>
          <Field id="phone" label="Phone (M-Pesa)" error={fields.phone}>
            <PhoneInput id="phone" defaultValue={values?.phone} invalid={invalidProps('phone', fields.phone)} />
          </Field>
          <fieldset className="auth-roles" aria-describedby={fields.role ? 'role-error' : undefined}>
            <legend>I want to</legend>
            {ROLES.map((r) => (
              <label key={r.value} className="auth-role">
                <input type="radio" name="role" value={r.value} defaultChecked={(values?.role || loaderData.role) === r.value} />
                <span>{r.label}</span>
              </label>
            ))}
            {fields.role ? (
              <p className="auth-field-error" id="role-error">
                {fields.role}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </button>
          <p className="auth-alt">
            Already have an account? <Link to={loginHref}>Sign In</Link>
          </p>
        </Form>
      </main>
      {done ? (
        <WelcomeDialog title="Account created successfully!" message={`Welcome to Darasa, ${done.name}.`} to={done.to} />
      ) : null}
    </>
  );
}
