// A lesson's PDF and resources in offline downloads, on a phone (390×844, DPR 3, touch; issue 26, decision
// 0064): a creator publishes a PDF lesson with a resource; a learner who owns the course sees the download's
// size (the handout and the resource) before downloading, downloads it, and it counts in the data meter;
// with no connection the downloads page and the lesson's page open both files; deleting the download
// removes them. In Kiswahili too, at 390 and 360 px, nothing sideways.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from '#tests/e2e/hydration.ts';
import {
  coverPicture,
  enrollFree,
  publishOpenCourse,
  saveFreeCourse,
  unpublishedAfterEach,
} from '#tests/e2e/lessonCourses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { controlled } from '#tests/e2e/serviceWorker.ts';
import { makePdf } from '#tests/support/lessonFiles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-offline-files-e2e-'));
let thumb: string;
const handout = path.join(dir, 'mpango.pdf');
const chart = path.join(dir, 'chart.png');

test.beforeAll(async () => {
  thumb = await coverPicture('#5a3a12');
  fs.writeFileSync(handout, await makePdf('Mpango wa biashara'));
  // Noise does not compress: a resource of about 1.2 MB, so the sizes read in MB.
  const noise = Buffer.alloc(640 * 640 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  await sharp(noise, { raw: { width: 640, height: 640, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(chart);
});

/** A new creator's free course of one PDF lesson with one resource, published; returns its id. */
async function publishHandoutCourse(page: Page): Promise<string> {
  const courseId = await saveFreeCourse(page, {
    title: 'Vitini nje ya mtandao',
    description: 'Handouts to keep on the phone.',
    category: 'business',
    cover: thumb,
  });
  await page.getByLabel('PDF handout').check();
  await page.getByLabel('Episode title *').fill('Mpango wa biashara');
  await page.getByLabel('PDF file *').setInputFiles(handout);
  await expect(page.locator('.upload-field').filter({ hasText: 'PDF file' }).getByText('Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Add Episode' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Mpango wa biashara' })).toBeVisible();
  const resources = page.locator('.studio-resources').first();
  await resources.getByLabel('File to add to lesson 1').setInputFiles(chart);
  await expect(resources.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await resources.getByLabel('Name learners see').fill('Chati ya mauzo');
  await resources.getByRole('button', { name: 'Add file' }).click();
  await expect(resources.getByText('Chati ya mauzo')).toBeVisible();
  await publishOpenCourse(page);
  return courseId;
}

/** Fetches a file as the page would (through the service worker): its status, type and length, or null when it fails. */
const fetched = (page: Page, href: string) =>
  page.evaluate(async (url) => {
    try {
      const res = await fetch(url);
      const body = await res.arrayBuffer();
      return { status: res.status, type: res.headers.get('content-type'), bytes: body.byteLength };
    } catch {
      return null;
    }
  }, href);

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a learner downloads a PDF lesson with its resource and opens both with no connection', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const courseId = await publishHandoutCourse(page);
    unpublishAfter(courseId);
    const pdfBytes = fs.statSync(handout).size;
    const chartBytes = fs.statSync(chart).size;
    const total = `${((pdfBytes + chartBytes) / 1_000_000).toFixed(1)} MB`;

    const context = await browser.newContext(PHONE);
    const learner = await context.newPage();
    await registerLearner(learner);
    await enrollFree(learner, courseId);
    await learner.goto(`/course/${courseId}`);
    await hydrated(learner);
    await controlled(learner);

    // The size before downloading: the handout and the resource together.
    const row = learner.locator('.episode').first();
    await row.getByRole('button', { name: 'Download' }).tap();
    const sheet = learner.getByRole('dialog', { name: 'Download episode 1: Mpango wa biashara' });
    const choice = sheet.getByRole('button', { name: /^Lesson files/ });
    await expect(choice).toHaveText(`Lesson files${total}`);
    await expect(sheet).toContainText('Its files are kept on this phone and open without a connection for 30 days.');
    await expect(sheet).not.toContainText('Choose a quality');
    await learner.screenshot({ path: test.info().outputPath('download-sheet-390-en.png') });
    await choice.tap();
    await expect(row.getByText(`Downloaded • Lesson files • ${total}`)).toBeVisible({ timeout: 30_000 });
    // The data meter counted the files fetched.
    const meter = await learner.evaluate(() => JSON.parse(localStorage.getItem('darasa.dataMeter') ?? '{}').bytes ?? 0);
    expect(meter).toBeGreaterThanOrEqual(pdfBytes + chartBytes);

    // No connection: the downloads page lists the download and its two files, which open.
    await context.setOffline(true);
    const off = await context.newPage();
    await off.goto('/downloads');
    await expect(off.getByText(`Downloaded • Lesson files • ${total}`)).toBeVisible();
    await expect(off.getByText(/MB used/)).toBeVisible();
    const files = off.getByRole('list', { name: 'Lesson files' });
    const pdfLink = files.getByRole('link', { name: /^Mpango wa biashara/ });
    const chartLink = files.getByRole('link', { name: /^Chati ya mauzo/ });
    await expect(pdfLink).toContainText(/PDF · \d+ KB/);
    await expect(chartLink).toContainText(/Image · 1\.\d MB/);
    const pdfHref = (await pdfLink.getAttribute('href'))!;
    expect(await fetched(off, pdfHref)).toEqual({
      status: 200,
      type: 'application/pdf',
      bytes: pdfBytes,
    });
    expect(await fetched(off, (await chartLink.getAttribute('href'))!)).toEqual({
      status: 200,
      type: 'image/png',
      bytes: chartBytes,
    });
    // Tapped, the resource is saved from the stored copy.
    const saved = off.waitForEvent('download');
    await chartLink.tap();
    expect(fs.statSync((await (await saved).path())!).size).toBe(chartBytes);
    await off.screenshot({ path: test.info().outputPath('downloads-files-390-en.png') });
    await expectNoSidewaysScroll(off);

    // The lesson's own page, kept with the download, offers both too.
    await off.goto(`/learn/${courseId}/1`);
    await expect(off.getByRole('heading', { level: 1, name: '1. Mpango wa biashara' })).toBeVisible();
    const open = off.getByRole('region', { name: 'Handout: Mpango wa biashara' }).getByRole('link', {
      name: 'Open (opens in a new tab)',
    });
    expect((await fetched(off, (await open.getAttribute('href'))!))?.bytes).toBe(pdfBytes);
    const resource = off.getByRole('region', { name: 'Resources' }).getByRole('link', { name: /Chati ya mauzo/ });
    expect((await fetched(off, (await resource.getAttribute('href'))!))?.bytes).toBe(chartBytes);

    // Kiswahili, 360 px (the language is kept in a cookie: set while offline it applies at the next page).
    await context.setOffline(false);
    await off.goto('/downloads');
    await off.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(off.locator('html')).toHaveAttribute('lang', 'sw');
    await off.setViewportSize({ width: 360, height: 740 });
    await expect(off.getByText(`Imepakuliwa • Faili za somo • ${total}`)).toBeVisible();
    await expect(off.getByRole('list', { name: 'Faili za somo' }).getByRole('link')).toHaveCount(2);
    await off.screenshot({ path: test.info().outputPath('downloads-files-360-sw.png') });
    await expectNoSidewaysScroll(off);

    // Deleted, the files go with it: with no connection they no longer open.
    await off.getByRole('button', { name: 'Futa Mpango wa biashara' }).tap();
    await expect(off.getByText(/Imepakuliwa/)).toHaveCount(0);
    await context.setOffline(true);
    expect(await fetched(off, pdfHref)).toBeNull();
    const left = await off.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('darasa-dl-'));
      let count = 0;
      for (const n of names) count += (await (await caches.open(n)).keys()).length;
      return count;
    });
    expect(left).toBe(0);
    await context.close();
  });
});
