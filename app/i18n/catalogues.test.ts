import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { areaLoading, areaOf, createI18n, loadArea } from './catalog.ts';

// The CI check of the catalogues (decision 0030): in the main catalogue and in each area's (studio, admin)
// both languages have every message, none is empty, and Kiswahili never keeps the English words except where
// they are names; every id the code asks for exists in one of them.
const po = formatter({ explicitIdAsDefault: true });
function catalogue(dir: string, locale: string): Map<string, string> {
  const parsed = po.parse(readFileSync(`${dir}/${locale}.po`, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename: `${locale}.po`,
  }) as Record<string, { translation?: string }>;
  return new Map(Object.entries(parsed).map(([id, m]) => [id, m.translation ?? '']));
}
const CATALOGUES = ['app/locales', 'app/locales/studio', 'app/locales/admin'].map((dir) => ({
  dir,
  en: catalogue(dir, 'en'),
  sw: catalogue(dir, 'sw'),
}));
const en = new Map(CATALOGUES.flatMap((c) => [...c.en]));

/** The same in both languages on purpose: names, placeholders only, and words Kiswahili takes as they are. */
const SAME_IN_BOTH = new Set([
  'meta.pageTitle',
  // Short forms, units and names Kiswahili writes the same way.
  'studio.analytics.seconds',
  'studio.analytics.minutes',
  'studio.analytics.percent',
  // Kiswahili says "video" too.
  'lesson.kind.video',
  'studio.episodes.kind.video',
  'studio.episodes.kind.pdf',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe.each(CATALOGUES)('the catalogue in $dir', ({ en, sw }) => {
  it('has the same messages in English and Kiswahili, none empty', () => {
    expect([...sw.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [id, text] of [...en, ...sw]) expect(text.trim(), id).not.toBe('');
  });

  it('leaves nothing in English in Kiswahili, apart from the allow-list', () => {
    const untranslated = [...sw].filter(([id, text]) => text === en.get(id) && !SAME_IN_BOTH.has(id));
    expect(untranslated.map(([id]) => id)).toEqual([]);
  });
});

describe('the catalogues', () => {
  it('never give one id two homes (an area id is not in the main catalogue, nor in the other area)', () => {
    const ids = CATALOGUES.flatMap((c) => [...c.en.keys()]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  // An area's ids start with its name (or meta.<area>.); English sentences from common/ or the server are
  // their own ids (they have spaces, or end with a full stop).
  it('keep the studio and the admin in their own catalogues, by id prefix', () => {
    const [main, studio, admin] = CATALOGUES as [
      (typeof CATALOGUES)[0],
      (typeof CATALOGUES)[0],
      (typeof CATALOGUES)[0],
    ];
    expect([...main.en.keys()].filter((id) => /^(studio|admin)\./.test(id))).toEqual([]);
    expect([...studio.en.keys()].filter((id) => !/^(studio|meta\.studio)\.| |\.$/.test(id))).toEqual([]);
    expect([...admin.en.keys()].filter((id) => !/^(admin|meta\.admin)\.| |\.$/.test(id))).toEqual([]);
  });

  it('have every message the code asks for', () => {
    const asked = new Set<string>();
    const prefixes = new Set<string>();
    for (const file of sourceFiles('app')) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([^'\\]+)'/g)) asked.add(m[1] as string);
      for (const m of code.matchAll(/\bt\(\s*`([a-z.-]+)\.\$\{/g)) prefixes.add(m[1] as string);
    }
    expect(asked.size).toBeGreaterThan(50);
    expect([...asked].filter((id) => !en.has(id))).toEqual([]);
    for (const p of prefixes)
      expect(
        [...en.keys()].some((id) => id.startsWith(`${p}.`)),
        p,
      ).toBe(true);
  });

  it('say plurals the way each language does', async () => {
    const [e, s] = await Promise.all([createI18n('en'), createI18n('sw')]);
    expect(e._('course.episodes', { count: 1 })).toBe('1 episode');
    expect(e._('course.episodes', { count: 12 })).toBe('12 episodes');
    expect(s._('course.students', { count: 1 })).toBe('mwanafunzi 1');
    expect(s._('course.students', { count: 240 })).toBe('wanafunzi 240');
    expect(s._('course.episodes', { count: 1 })).toBe('kipindi 1');
    expect(s._('course.episodes', { count: 5 })).toBe('vipindi 5');
    expect(s._('reviews.stars', { count: 4 })).toBe('nyota 4');
  });

  it('make the pseudo-locale at least a third longer than English', async () => {
    const [e, p] = await Promise.all([createI18n('en'), createI18n('pseudo')]);
    const id = 'empty.pitch.text';
    expect(p._(id).length).toBeGreaterThan(e._(id).length * 1.3);
  });
});

describe('the studio and admin catalogues', () => {
  it('belong to the pages under /creator and /admin only (not the public /creators/:id)', () => {
    expect(areaOf('/creator')).toBe('studio');
    expect(areaOf('/creator/course/c1/analytics')).toBe('studio');
    expect(areaOf('/admin')).toBe('admin');
    expect(areaOf('/admin/payouts')).toBe('admin');
    expect(areaOf('/creators/u1')).toBeUndefined();
    expect(areaOf('/administrator')).toBeUndefined();
    expect(areaOf('/course/c1')).toBeUndefined();
  });

  it('load with the page, and into the same instance on a navigation to the other area', async () => {
    const i18n = await createI18n('sw', ['studio']);
    expect(i18n._('studio.dashboard.title')).toBe('Dashibodi ya Mkufunzi');
    expect(i18n._('admin.title')).toBe('admin.title');
    await loadArea(i18n, 'admin');
    expect(i18n._('admin.title')).toBe('Dashibodi ya Msimamizi');
    expect(i18n._('course.episodes', { count: 5 })).toBe('vipindi 5');
  });

  it('know what an instance has through the Proxy useLingui() hands out (a new one on every change)', async () => {
    const i18n = await createI18n('en', ['admin']);
    expect(areaLoading(new Proxy(i18n, {}), 'admin')).toBeNull();
    const loading = areaLoading(new Proxy(i18n, {}), 'studio');
    expect(loading).not.toBeNull();
    expect(areaLoading(new Proxy(i18n, {}), 'studio')).toBe(loading);
    await loading;
    expect(areaLoading(new Proxy(i18n, {}), 'studio')).toBeNull();
    expect(i18n._('studio.form.save')).toBe('Save Course');
  });

  it('say plurals the way each language does', async () => {
    const [e, s] = await Promise.all([createI18n('en', ['admin']), createI18n('sw', ['admin'])]);
    expect(e._('admin.jobs.attempts', { count: 1 })).toBe('1 attempt');
    expect(e._('admin.jobs.attempts', { count: 3 })).toBe('3 attempts');
    expect(s._('admin.jobs.attempts', { count: 1 })).toBe('jaribio 1');
    expect(s._('admin.jobs.attempts', { count: 3 })).toBe('majaribio 3');
  });

  it("put the server's figures into its sentences in either language", async () => {
    const [e, s] = await Promise.all([createI18n('en', ['admin']), createI18n('sw', ['admin'])]);
    const said = { message: 'Balance adjusted by {amount}.', values: { amount: 'KES 500' } };
    expect(e._(said.message, said.values)).toBe('Balance adjusted by KES 500.');
    expect(s._(said.message, said.values)).toBe('Salio limerekebishwa kwa KES 500.');
  });

  it('have a pseudo-locale too', async () => {
    const [e, p] = await Promise.all([createI18n('en', ['studio']), createI18n('pseudo', ['studio'])]);
    const id = 'studio.earnings.willCheck';
    expect(p._(id).length).toBeGreaterThan(e._(id).length * 1.3);
  });
});
