// Replay of the tus `Upload-Concat` request that answered 501 (issue 23, finding 8). Concatenation is not
// offered (it is absent from Tus-Extension); tus 1.0 names no status for a client using an extension the
// server does not announce, so such a creation is refused as the client's request to change: 400, with
// Tus-Resumable and a message, no upload created, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';
import { Client } from '#tests/support/httpClient.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { startApp, type App } from '#tests/support/testApp.ts';
import { tusCreate } from '#tests/support/tus.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let creator: Person;
let attempts = 0;

beforeAll(async () => {
  app = await startApp(cleanups);
  creator = await signedIn(app, 'creator');
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  console.info(`tusConcatenation: ${attempts} attempts`);
});

const meta = `kind ${Buffer.from('video').toString('base64')},filename ${Buffer.from('a.mp4').toString('base64')}`;

describe('tus concatenation, not offered', () => {
  it('is not announced', async () => {
    attempts++;
    const res = await creator.request('/api/uploads', { method: 'OPTIONS' });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('tus-extension')).not.toContain('concatenation');
  });

  it.each([
    ['a partial upload', 'partial', { 'upload-length': '1000' }],
    ['a final upload of parts', 'final;/api/uploads/a /api/uploads/b', {}],
    ['a final upload of other sites’ parts', 'final;https://evil.example/x', {}],
    ['a malformed value', 'sideways', { 'upload-length': '10' }],
    ['an empty value', '', { 'upload-length': '10' }],
  ])('%s is a 400 with nothing created', async (_label, concat, extra) => {
    for (const who of [creator, new Client(app.url)]) {
      attempts++;
      const res = await who.request('/api/uploads', {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-concat': concat, 'upload-metadata': meta, ...extra },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toBe(UPLOAD_MESSAGES.concatenationNotOffered);
    }
    expect(await app.t.db.selectFrom('mediaAsset').select('id').execute()).toEqual([]);
  });

  it('an ordinary upload is still created', async () => {
    attempts++;
    const res = await tusCreate(creator, { kind: 'video', filename: 'a.mp4' }, 1000);
    expect(res.status).toBe(201);
  });
});
