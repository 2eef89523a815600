// A tiny browser-like HTTP client for the integration tests (keeps cookies, sends the Origin on writes),
// new registrations (signed up with the code from the server's outbox), and JSON calls.
import { dataDirOf, newestSignUpCode } from './emailOutbox.ts';

let n = 0;
export function newRegistration(over: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Wanjiru ${n}`,
    email: `wanjiru${n}.${process.pid}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'secret1',
    phone: '+254 712345678',
    role: 'customer',
    ...over,
  };
}

/** A browser-like client: keeps cookies, sends the site's own Origin on writes. */
export class Client {
  cookies = new Map<string, string>();
  readonly base: string;
  readonly origin: string;
  /** `origin`: the site's public origin when it differs from where the server listens (PUBLIC_URL). */
  constructor(base: string, origin = new URL(base).origin) {
    this.base = base;
    this.origin = origin;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader);
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + path, { ...init, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Signs up by e-mail as a person would: the form (202, a code e-mailed to the address), then the code read
   * from the server's outbox (201 and the session cookie). Any other answer to the form is returned as it
   * is, and so is the 202 when the newest e-mail to the address carries no code (it already has an account:
   * its owner got a notice instead).
   */
  async register(body: unknown): Promise<Response> {
    const started = await this.startRegistration(body);
    if (started.status !== 202) return started;
    const { challengeId } = (await started.clone().json()) as { challengeId: string };
    const email = String((body as { email?: unknown }).email ?? '');
    const code = newestSignUpCode(dataDirOf(this.base), email);
    if (!code) return started;
    return this.completeRegistration({ challengeId, code });
  }

  /** The sign-up form alone: 202 and a code to the address (or a notice to its owner). */
  startRegistration(body: unknown) {
    return this.request('/api/account/register', { method: 'POST', json: body });
  }

  /** The sign-up code step: 201 and the session cookie, or the code's 400. */
  completeRegistration(entry: { challengeId: string; code: string }) {
    return this.request('/api/account/register/code', { method: 'POST', json: entry });
  }

  signIn(email: string, password: string, headers: Record<string, string> = {}) {
    return this.request('/api/account/sign-in', { method: 'POST', json: { email, password }, headers });
  }

  async session(): Promise<{ user: { id: string; role: string; email: string } } | null> {
    const res = await this.request('/api/auth/get-session');
    return (await res.json()) as { user: { id: string; role: string; email: string } } | null;
  }
}

/** A new account of `role`, registered (with the e-mailed code) and signed in over HTTP. */
export async function signedUpClient(url: string, role: 'customer' | 'creator'): Promise<Client> {
  const c = new Client(url);
  const reg = newRegistration({ role });
  const registered = await c.register(reg);
  if (registered.status >= 300) throw new Error(`register: ${registered.status}`);
  const signedIn = await c.signIn(reg.email, reg.password);
  if (signedIn.status >= 300) throw new Error(`sign-in: ${signedIn.status}`);
  return c;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields of the JSON answer they assert on
type JsonAnswer = { status: number; body: any };

export async function getJson(c: Client, path: string): Promise<JsonAnswer> {
  const res = await c.request(path);
  return { status: res.status, body: await res.json().catch(() => null) };
}

export async function postJson(c: Client, path: string, json: unknown = {}): Promise<JsonAnswer> {
  const res = await c.request(path, { method: 'POST', json });
  return { status: res.status, body: await res.json().catch(() => null) };
}
