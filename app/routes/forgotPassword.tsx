import { Form, Link, data, useNavigation } from 'react-router';
import { AppError } from '../../server/http/errors.ts';
import { requestPasswordReset } from '../../server/modules/accounts/requestPasswordReset.ts';
import { Field, FormMessage } from '../components/auth/FormMessage.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { serverContext } from '../lib/serverContext.ts';
import '../styles/auth.css';
import type { Route } from './+types/forgotPassword';

export function meta() {
  return [{ title: 'Forgot password — Darasa' }];
}

const RESET_SENT = 'If an account exists for that email, we have sent a link to reset its password. It works once, within 30 minutes.';

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = serverContext(context);
  const email = (await request.formData()).get('email');
  try {
    await requestPasswordReset(services, { email }, clientIp);
    return { sent: true as const, error: null };
  } catch (err) {
    if (err instanceof AppError) return data({ sent: false as const, error: err.message }, { status: err.status });
    throw err;
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <TopBar />
      <main className="auth-page">
        <Form method="post" className="auth-card">
          <h1>Reset your password</h1>
          <FormMessage error={actionData?.error} notice={actionData?.sent ? RESET_SENT : null} />
          <Field id="email" label="Email">
            <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
          </Field>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
          <p className="auth-alt">
            Remembered it? <Link to="/login">Sign In</Link>
          </p>
        </Form>
      </main>
    </>
  );
}
