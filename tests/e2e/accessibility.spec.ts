// Every screen, as the role that uses it, has no axe violation of serious or critical impact (WCAG A/AA
// rules: contrast, names, structure). To cover a new screen, add a row to SCREENS.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import { completeCourse, enrollInFreeCourse } from '#tests/e2e/courses.ts';
import { registerLearner, signedIn } from '#tests/e2e/people.ts';

type Role = 'visitor' | 'learner' | 'creator' | 'admin';

/**
 * `{free}`: the free demo course; `{own}`: a course of creator@darasa.test; `{certificate}`: a certificate code;
 * `{creatorId}`: the free course's creator.
 */
const SCREENS: [Role, string][] = [
  ['visitor', '/'],
  ['visitor', '/course/{free}'],
  ['visitor', '/search?q=pilau'],
  ['visitor', '/login'],
  ['visitor', '/register'],
  ['visitor', '/certificates/{certificate}'],
  ['visitor', '/category/business'],
  ['visitor', '/creators/{creatorId}'],
  ['visitor', '/forgot-password'],
  ['visitor', '/reset-password?token=abc'],
  ['learner', '/customer'],
  ['learner', '/customer?tab=mine'],
  ['learner', '/customer/purchases'],
  ['learner', '/learn/{free}/1'],
  ['learner', '/course/{free}'],
  ['learner', '/downloads'],
  ['learner', '/account'],
  ['creator', '/creator'],
  ['creator', '/creator/course/{own}'],
  ['creator', '/creator/course/{own}/analytics'],
  ['creator', '/creator/course/new'],
  ['creator', '/creator/earnings'],
  ['creator', '/creator/earnings/statement'],
  ['admin', '/admin'],
  ['admin', '/admin/users'],
  ['admin', '/admin/courses'],
  ['admin', '/admin/purchases'],
  ['admin', '/admin/payouts'],
  ['admin', '/admin/jobs'],
  ['admin', '/admin/audit'],
  ['admin', '/admin/reviews'],
];

const EMAILS: Record<Exclude<Role, 'visitor' | 'learner'>, string> = {
  creator: 'creator@darasa.test',
  admin: 'admin@darasa.test',
};

const places: Record<string, string> = {};
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Each signed-in role's cookies, signed in once here rather than once per screen. */
const sessions: Partial<Record<Role, Session>> = {};

test.beforeAll(async ({ browser }) => {
  // Watching three episodes on a loaded shared machine: generous.
  test.setTimeout(360_000);
  // A fresh learner who finished the free course: My Courses, the learning page and a certificate to show.
  const page = await (await browser.newContext()).newPage();
  await registerLearner(page, { first: 'Axe' });
  places.free = await enrollInFreeCourse(page);
  places.creatorId = (await page.locator('.hero-creator a').first().getAttribute('href'))!.split('/').pop()!;
  await completeCourse(page, places.free);
  await page.goto(`/learn/${places.free}/1`);
  const href = await page.getByRole('link', { name: /^View certificate/ }).getAttribute('href');
  places.certificate = href!.split('/').pop()!;
  sessions.learner = await page.context().storageState();
  await page.context().close();

  const creator = await signedIn(browser, EMAILS.creator);
  await creator.goto('/creator');
  // One of their courses (not "/creator/course/new"): its analytics link names it.
  const edit = await creator.locator('a[href^="/creator/course/"][href$="/analytics"]').first().getAttribute('href');
  places.own = edit!.split('/')[3]!;
  sessions.creator = await creator.context().storageState();
  await creator.context().close();

  const admin = await signedIn(browser, EMAILS.admin);
  sessions.admin = await admin.context().storageState();
  await admin.context().close();
});

async function pageFor(browser: Browser, role: Role, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, storageState: sessions[role] });
  return context.newPage();
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  for (const [role, template] of SCREENS) {
    test(`${template} as ${role} at ${width}px has no serious or critical axe violations`, async ({ browser }) => {
      const page = await pageFor(browser, role, { width, height });
      const path = template.replace(/\{(\w+)\}/g, (_, k: string) => places[k]!);
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join('\n  ')}`,
        );
      expect(serious, `${path} as ${role}`).toEqual([]);
      await page.context().close();
    });
  }
}
