// Shared by the studio and upload integration tests: a real server, people of every role signed in
// through the real account endpoints, and raw tus requests.
import http from 'node:http';
import { Client, newRegistration, startApp, type App } from './accountsHelpers.ts';

export type Role = 'creator' | 'customer' | 'admin';

/** A signed-in person. Admins never come from sign-up: a customer is promoted in the database first. */
export async function signedIn(app: App, role: Role): Promise<Client & { userId: string }> {
  const reg = newRegistration({ role: role === 'admin' ? 'customer' : role });
  const first = new Client(app.url);
  const res = await first.register(reg);
  if (res.status >= 300) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const user = await app.t.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', reg.email.toLowerCase())
    .executeTakeFirstOrThrow();
  if (role !== 'admin') return Object.assign(first, { userId: user.id });
  await app.t.db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  const admin = new Client(app.url);
  const r = await admin.signIn(reg.email, reg.password);
  if (r.status >= 300) throw new Error(`sign-in failed: ${r.status}`);
  return Object.assign(admin, { userId: user.id });
}

export const visitor = (app: App) => Object.assign(new Client(app.url), { userId: '' });

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** tus creation (POST) with a declared length and metadata. */
export function tusCreate(c: Client, meta: Record<string, string>, length: number): Promise<Response> {
  return c.request('/api/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
}

/** tus PATCH of `bytes` at `offset` to an upload's path (`/api/uploads/<id>`). */
export function tusPatch(c: Client, path: string, offset: number, bytes: Uint8Array): Promise<Response> {
  return c.request(path, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as BodyInit,
  });
}

export async function tusOffset(c: Client, path: string): Promise<number | null> {
  const res = await c.request(path, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
  return res.status === 200 ? Number(res.headers.get('upload-offset')) : null;
}

/** Uploads a whole file in one create + one PATCH; answers the final PATCH and the upload's path. */
export async function uploadWhole(c: Client, meta: Record<string, string>, bytes: Uint8Array) {
  const created = await tusCreate(c, meta, bytes.length);
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const path = created.headers.get('location')!;
  const res = await tusPatch(c, path, 0, bytes);
  return { res, path, id: path.split('/').pop()! };
}

/** Sends part of a PATCH body, then cuts the connection as a phone losing signal would. */
export function sendThenDrop(app: App, c: Client, url: string, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(app.url + url, {
      method: 'PATCH',
      headers: {
        cookie: c.cookieHeader,
        origin: new URL(app.url).origin,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length * 2),
      },
    });
    req.on('error', () => resolve());
    req.write(bytes, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200),
    );
  });
}

export async function waitForOffset(c: Client, url: string, ok: (o: number) => boolean): Promise<number> {
  for (;;) {
    const o = await tusOffset(c, url);
    if (o !== null && ok(o)) return o;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { startApp, type App };
