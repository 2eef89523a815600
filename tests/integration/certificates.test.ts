// Certificates of completion: issued only once every episode is completed (once per learner and course),
// downloadable as a PDF that names the learner, and verifiable by anyone at /certificates/<code>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids.ts';
import { formatDate } from '#common/i18n/formatting.ts';
import { getCertificate } from '#server/modules/certificates/getCertificate.ts';
import { listMyCourses } from '#server/modules/learning/listMyCourses.ts';
import { pdfText } from '../support/pdfText.ts';
import { make } from '#tests/support/factories/index.ts';
import { postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;
const ep: string[] = [];
const db = () => cast.app.t.db;
const services = () => cast.app.running.services;
const customer = () => ({ userId: cast.customer.id, role: 'customer' as const });

beforeAll(async () => {
  cast = await startCast(cleanups);
  courseId = (
    await make.course(db(), { creator: { id: cast.creator.id, name: 'Amina Wanjirũ' }, title: 'Pilau na Chapati' })
  ).id;
  for (const n of [1, 2, 3]) ep.push((await make.episode(db(), { courseId, position: n, duration: 100 })).id);
  await db()
    .insertInto('enrollment')
    .values({ id: newId(), userId: cast.customer.id, courseId, paymentId: null, createdAt: new Date() })
    .execute();
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const certificates = () => db().selectFrom('certificate').selectAll().execute();
const progress = (episodeId: string, position: number) =>
  postJson(cast.customer, '/api/learning/progress', { episodeId, position });

describe('certificates of completion', () => {
  it('is issued only when the last episode is completed, once', async () => {
    expect((await progress(ep[0]!, 95)).body).toEqual({ completed: true });
    expect((await progress(ep[1]!, 100)).body).toEqual({ completed: true });
    // Most of episode 3, but not 90 %: no certificate yet.
    expect((await progress(ep[2]!, 80)).body).toEqual({ completed: false });
    expect(await certificates()).toEqual([]);
    expect((await listMyCourses(services(), customer()))[0]!.certificateCode).toBeNull();
    // The creator watching their own course to the end earns none.
    for (const id of ep) await postJson(cast.creator, '/api/learning/progress', { episodeId: id, position: 100 });
    expect(await certificates()).toEqual([]);

    expect((await progress(ep[2]!, 99)).body).toEqual({ completed: true });
    expect((await progress(ep[2]!, 100)).status).toBe(200);
    const issued = await certificates();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ userId: cast.customer.id, courseId, courseTitle: 'Pilau na Chapati' });
    expect(issued[0]!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect((await listMyCourses(services(), customer()))[0]!.certificateCode).toBe(issued[0]!.code);
  });

  it('downloads as a PDF naming the learner, course, creator and the Nairobi date, by its code', async () => {
    const [cert] = await certificates();
    const learner = await db()
      .selectFrom('user')
      .select('name')
      .where('id', '=', cast.customer.id)
      .executeTakeFirstOrThrow();
    const res = await cast.visitor.request(`/api/certificates/${cert!.code}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(learner.name);
    expect(pdf.text).toContain('Pilau na Chapati');
    // "ũ" is outside the standard PDF fonts: the embedded DejaVu Sans prints it.
    expect(pdf.text).toContain('by Amina Wanjirũ');
    expect(pdf.text).toContain(cert!.code);
    const view = await getCertificate(services(), null, { code: cert!.code.toLowerCase() });
    expect(pdf.text).toContain(view!.date);
  });

  it("comes in the reader's language: Kiswahili words and date for a Kiswahili reader", async () => {
    const [cert] = await certificates();
    const asked = (headers: Record<string, string>) =>
      cast.visitor.request(`/api/certificates/${cert!.code}.pdf`, { headers }).then(async (res) => {
        expect(res.status).toBe(200);
        expect(res.headers.get('vary')).toMatch(/accept-language/);
        return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text;
      });
    const view = await getCertificate(services(), null, { code: cert!.code });
    const swahiliDate = formatDate(view!.issuedAt, 'sw');
    const swahiliReaders: Record<string, string>[] = [
      { cookie: 'darasa_lang=sw' },
      { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' },
    ];
    for (const headers of swahiliReaders) {
      const text = await asked(headers);
      expect(text).toContain('Cheti cha kukamilisha kozi');
      expect(text).toContain('iliyoandaliwa na Amina Wanjirũ');
      expect(text).toContain(`Msimbo wa uthibitisho ${cert!.code}`);
      expect(text).toContain(swahiliDate);
      expect(text).not.toContain('Certificate of completion');
    }
    // English readers keep the English certificate.
    expect(await asked({ 'accept-language': 'en' })).toContain('Certificate of completion');
  });

  it('shows the date as the Nairobi calendar day: 22:30 UTC is already the next day', async () => {
    const code = 'ABCDEFGH23';
    await db()
      .insertInto('certificate')
      .values({
        code,
        userId: cast.admin.id,
        courseId,
        learnerName: 'Otieno',
        courseTitle: 'T',
        creatorName: 'C',
        issuedAt: new Date('2026-10-31T22:30:00Z'),
      })
      .execute();
    expect((await getCertificate(services(), null, { code }))!.date).toBe('1 November 2026');
  });

  it('unknown or malformed codes are a 404, never a 500', async () => {
    for (const code of ['ZZZZZZZZZZ', 'short', '0123456789012345678901', '%00'])
      expect((await cast.visitor.request(`/api/certificates/${code}.pdf`)).status).toBe(404);
    expect(await getCertificate(services(), null, { code: '../../etc' })).toBeNull();
  });
});
