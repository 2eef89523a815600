// People signed up through the real sign-up endpoints, for benchmarks that need signed-in requests: the
// form, then the code the server e-mailed, read from its DATA_DIR/outbox (no SMTP in a benchmark).
import { newestSignUpCode } from '#tests/support/emailOutbox.ts';

/** Where a benchmark's server listens and keeps its data. */
export interface BenchServer {
  url: string;
  dataDir: string;
}

/**
 * Signs `form` up by e-mail with `post` (fetch, or a browser context's request, which then keeps the
 * cookie) and answers the session cookie.
 */
export async function signUpByEmail(
  server: BenchServer,
  form: Record<string, string>,
  post: (path: string, body: unknown) => Promise<Response> = (path, body) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.url).origin },
      body: JSON.stringify(body),
    }),
): Promise<string> {
  const started = await post('/api/account/register', form);
  if (started.status !== 202) throw new Error(`register: ${started.status} ${await started.text()}`);
  const { challengeId } = (await started.json()) as { challengeId: string };
  const code = newestSignUpCode(server.dataDir, form.email ?? '');
  if (!code) throw new Error(`register: no sign-up code e-mailed to ${form.email}`);
  const done = await post('/api/account/register/code', { challengeId, code });
  if (done.status !== 201) throw new Error(`register code: ${done.status} ${await done.text()}`);
  return done.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A learner signed up by e-mail: answers the session cookie to send with their requests. */
export function registerLearner(
  server: BenchServer,
  learner: { name: string; email: string; phone: string },
): Promise<string> {
  return signUpByEmail(server, { ...learner, password: 'bench-secret-1', role: 'customer' });
}
