// PDF lessons and lesson resources on a phone (390×844, DPR 3, touch; issue 26, decision 0060): a creator
// adds a PDF lesson (a real PDF made here with pdf-lib) and attaches a resource to it; a learner sees the
// handout's size, its "Open" link serves it inline as application/pdf, "Download" saves it and completes the
// lesson, and the resource downloads from "Resources". Then in Kiswahili, at 390 and 360 px, nothing sideways.
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
import { makePdf } from '#tests/support/lessonFiles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-pdf-e2e-'));
let thumb: string;
const handout = path.join(dir, 'mpango-wa-biashara.pdf');
const worksheet = path.join(dir, 'worksheet.png');

test.beforeAll(async () => {
  thumb = await coverPicture('#7a1250');
  await sharp({ create: { width: 200, height: 200, channels: 3, background: '#125a7a' } })
    .png()
    .toFile(worksheet);
  fs.writeFileSync(handout, await makePdf('Mpango wa biashara'));
});

/** A new creator's free course with one PDF lesson carrying one resource, published; returns its id. */
async function publishPdfCourse(page: Page): Promise<string> {
  const courseId = await saveFreeCourse(page, {
    title: 'Vitini vya biashara',
    description: 'Handouts to print and keep.',
    category: 'business',
    cover: thumb,
  });

  const add = page.getByRole('button', { name: 'Add Episode' });
  await page.getByLabel('PDF handout').check();
  await expect(page.getByLabel('Episode video *')).toHaveCount(0);
  await page.getByLabel('Episode title *').fill('Mpango wa biashara');
  await expect(add).toBeDisabled();
  await page.getByLabel('PDF file *').setInputFiles(handout);
  const pdfField = page.locator('.upload-field').filter({ hasText: 'PDF file' });
  await expect(pdfField.getByText('mpango-wa-biashara.pdf')).toBeVisible();
  await expect(pdfField.getByText('Ready')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('studio-pdf-390-en.png') });
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Episode added successfully!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Mpango wa biashara' })).toBeVisible();

  // A resource on the saved lesson: upload, the name learners see (the file's name by default), add.
  const resources = page.locator('.studio-resources').first();
  await resources.getByLabel('File to add to lesson 1').setInputFiles(worksheet);
  await expect(resources.getByText('Ready')).toBeVisible();
  await expect(resources.getByLabel('Name learners see')).toHaveValue('worksheet');
  await resources.getByLabel('Name learners see').fill('Karatasi ya mazoezi');
  await resources.getByRole('button', { name: 'Add file' }).click();
  await expect(resources.getByRole('status').filter({ hasText: 'File added.' })).toBeVisible();
  await expect(resources.getByText('Karatasi ya mazoezi')).toBeVisible();
  await expect(resources.getByText(/^Image · \d+ KB$/)).toBeVisible();
  const lessonRow = page.locator('.studio-episode').first();
  await lessonRow.screenshot({ path: test.info().outputPath('studio-resources-390-en.png') });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await lessonRow.screenshot({ path: test.info().outputPath('studio-resources-360-en.png') });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(PHONE.viewport);

  // A course whose only lesson is a PDF may be published.
  await publishOpenCourse(page);
  return courseId;
}

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a PDF lesson with a resource is added, opened, downloaded and completed', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const courseId = await publishPdfCourse(page);
    unpublishAfter(courseId);
    const size = fs.statSync(handout).size;

    const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
    const learner = await context.newPage();
    await registerLearner(learner);
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.course-facts').getByText('1 PDF lesson')).toBeVisible();
    await expect(learner.locator('.episode').first().locator('.lesson-kind')).toHaveText('PDF handout');
    await enrollFree(learner, courseId);

    await learner.goto(`/learn/${courseId}/1`);
    await hydrated(learner);
    await expect(learner.getByRole('heading', { level: 1, name: '1. Mpango wa biashara' })).toBeVisible();
    const lesson = learner.getByRole('region', { name: 'Handout: Mpango wa biashara' });
    await expect(lesson.getByText(`PDF · ${Math.max(1, Math.round(size / 1000))} KB`)).toBeVisible();
    // "Open": the browser's own viewer, in a new tab; the file comes inline, as a PDF.
    const open = lesson.getByRole('link', { name: 'Open (opens in a new tab)' });
    await expect(open).toHaveAttribute('target', '_blank');
    const inline = await learner.request.get((await open.getAttribute('href'))!);
    expect(inline.status()).toBe(200);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline; /);
    expect((await inline.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await learner.screenshot({ path: test.info().outputPath('learn-pdf-390-en.png'), fullPage: true });
    await expectNoSidewaysScroll(learner);

    // "Download" saves it and completes the lesson.
    const saved = learner.waitForEvent('download');
    await lesson.getByRole('link', { name: 'Download' }).tap();
    const pdfDownload = await saved;
    expect(pdfDownload.suggestedFilename()).toBe('Mpango wa biashara.pdf');
    expect(fs.readFileSync((await pdfDownload.path())!).equals(fs.readFileSync(handout))).toBe(true);
    await expect(lesson.getByRole('status')).toHaveText('✓ Completed');
    await learner.reload();
    await expect(learner.locator('.learn-episodes li').first()).toContainText('Completed');

    // The resource, under "Resources": its name, type and size; it downloads as it was uploaded.
    const list = learner.getByRole('region', { name: 'Resources' });
    const item = list.getByRole('link', { name: /Karatasi ya mazoezi/ });
    await expect(item).toContainText(/Image · \d+ KB/);
    const got = learner.waitForEvent('download');
    await item.tap();
    const resource = await got;
    expect(resource.suggestedFilename()).toBe('Karatasi ya mazoezi.png');
    expect(fs.readFileSync((await resource.path())!).equals(fs.readFileSync(worksheet))).toBe(true);

    // Kiswahili, 360 px.
    await learner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(learner.locator('html')).toHaveAttribute('lang', 'sw');
    await learner.setViewportSize({ width: 360, height: 740 });
    const kitini = learner.getByRole('region', { name: 'Kitini: Mpango wa biashara' });
    await expect(kitini.getByRole('link', { name: 'Pakua' })).toBeVisible();
    await expect(kitini.getByText(/^Hati ya PDF · \d+ KB$/)).toBeVisible();
    await expect(learner.getByRole('heading', { name: 'Nyenzo za somo' })).toBeVisible();
    await expect(learner.getByRole('region', { name: 'Nyenzo za somo' })).toContainText(/Picha · \d+ KB/);
    await learner.screenshot({ path: test.info().outputPath('learn-pdf-360-sw.png'), fullPage: true });
    await expectNoSidewaysScroll(learner);
    await context.close();
  });
});
