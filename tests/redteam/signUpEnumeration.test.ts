// Attack: find out which e-mail addresses have an account through the sign-up form (issue 23, the part
// decision 0042 left open). The form answered 409 "An account with this email already exists" for a taken
// address. Now every address gets 202 and a code step (decision 0045): a code by e-mail to a new address, a
// notice to the owner of a taken one. An attacker from rotating addresses probes 8 registered and 8 unknown
// addresses, then sends each challenge a wrong code: status, body, its shape and every header but the
// request's own (date, request id) are the same for both groups, and nothing moved: no account, no session,
// no owner's password, no code to a registered address.
// Attempts: 16 sign-up forms + 16 codes = 32.
import { afterEach, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { newestMessageTo, newestSignUpCode, outboxEmails } from '#tests/support/emailOutbox.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const N = 8;
/** Headers that belong to the request rather than the answer. */
const PER_REQUEST = new Set(['date', 'x-request-id']);

type Fingerprint = Awaited<ReturnType<typeof fingerprint>>;

/** Everything an attacker sees of an answer, with the random challenge id blanked. */
async function fingerprint(res: Response) {
  const text = await res.text();
  const headers = [...res.headers]
    .filter(([k]) => !PER_REQUEST.has(k))
    .map(([k, v]) => `${k}: ${v}`)
    .sort();
  const json = JSON.parse(text) as Record<string, unknown>;
  return {
    status: res.status,
    body: text.replace(/"challengeId":"[0-9A-Za-z]{16}"/, '"challengeId":"…"'),
    keys: Object.keys(json).sort(),
    headers,
    challengeId: typeof json.challengeId === 'string' ? json.challengeId : null,
  };
}

it('tells an attacker nothing about which of 16 addresses are registered', async () => {
  const app = await startApp(cleanups, { TRUST_PROXY: 'true' });
  const db = app.t.db;
  const owners = Array.from({ length: N }, (_, i) => newRegistration({ locale: i % 2 ? 'sw' : 'en' }));
  for (const owner of owners) expect((await new Client(app.url).register(owner)).status).toBe(201);
  const unknown = Array.from({ length: N }, () => newRegistration().email);
  const before = {
    users: await db.selectFrom('user').select(['id', 'email']).orderBy('id').execute(),
    accounts: await db.selectFrom('account').select(['userId', 'password']).orderBy('userId').execute(),
    sessions: (await db.selectFrom('session').select('id').execute()).length,
  };
  const mailsBefore = outboxEmails(app).length;

  // Interleaved, each probe from an address of its own, as a careful attacker would.
  let ip = 0;
  const attacker = () => {
    const c = new Client(app.url);
    const headers = { 'x-forwarded-for': `203.0.113.${++ip}` };
    return {
      form: (email: string) =>
        c.request('/api/account/register', {
          method: 'POST',
          headers,
          json: newRegistration({ email, name: 'Probe', password: 'probe-password' }),
        }),
      code: (challengeId: string) =>
        c.request('/api/account/register/code', { method: 'POST', headers, json: { challengeId, code: '000000' } }),
    };
  };
  const probes = owners.flatMap((o, i) => [
    { registered: true, email: o.email },
    { registered: false, email: unknown[i]! },
  ]);
  const seen: ((typeof probes)[number] & { form: Fingerprint; code: Fingerprint })[] = [];
  for (const probe of probes) {
    const who = attacker();
    const form = await fingerprint(await who.form(probe.email));
    // A wrong code for each challenge: a decoy refuses it like a real one.
    const code = await fingerprint(await who.code(form.challengeId!));
    seen.push({ ...probe, form, code });
  }

  const alike = (rows: typeof seen) => ({
    form: new Set(rows.map((r) => JSON.stringify({ ...r.form, challengeId: null }))),
    code: new Set(rows.map((r) => JSON.stringify(r.code))),
  });
  const all = alike(seen);
  expect(all.form.size).toBe(1);
  expect(all.code.size).toBe(1);
  const [form] = seen.map((r) => r.form);
  expect(form!.status).toBe(202);
  expect(form!.keys).toEqual(['challengeId', 'resendAfterS', 'validMinutes']);
  expect(form!.headers.some((h) => h.startsWith('set-cookie'))).toBe(false);
  expect(seen[0]!.code.status).toBe(400);
  expect(new Set(seen.map((r) => r.form.challengeId)).size).toBe(2 * N);

  // Nothing moved: the same accounts, passwords and sessions.
  expect(await db.selectFrom('user').select(['id', 'email']).orderBy('id').execute()).toEqual(before.users);
  expect(await db.selectFrom('account').select(['userId', 'password']).orderBy('userId').execute()).toEqual(
    before.accounts,
  );
  expect((await db.selectFrom('session').select('id').execute()).length).toBe(before.sessions);
  // What differs went to the addresses themselves: the owners a notice without a code, the others a code.
  expect(outboxEmails(app).length).toBe(mailsBefore + 2 * N);
  for (const owner of owners) {
    expect(newestSignUpCode(app.t.dataDir, owner.email)).toBeNull();
    expect(newestMessageTo(app, owner.email)).toMatch(/Someone tried to sign up|Mtu amejaribu kujisajili/);
  }
  for (const email of unknown) expect(newestSignUpCode(app.t.dataDir, email)).toMatch(/^\d{6}$/);
  // The owners still sign in with their own passwords.
  for (const owner of owners) expect((await new Client(app.url).signIn(owner.email, owner.password)).status).toBe(200);
});
