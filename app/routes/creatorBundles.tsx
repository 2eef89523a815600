import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { readForm } from '#app/server/readForm.server.ts';
import {
  asBundleCreator,
  deleteBundle,
  listStudioBundles,
  refusalData,
  saveBundle,
  type StudioBundles,
} from '#app/server/bundles.server.ts';
import { BUNDLE_MIN_PRICE } from '#common/bundles/bundleSchemas.ts';
import { TopBar } from '../components/TopBar.tsx';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/creatorBundles';
import '../styles/studio.css';
import '../styles/bundles.css';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.studio.bundles') }) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, run } = asBundleCreator(args);
  return { actor, studio: await run(listStudioBundles) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = asBundleCreator(args);
  const form = await readForm(args.request);
  const f = (k: string) => String(form.get(k) ?? '');
  try {
    if (f('intent') === 'delete') {
      await run(deleteBundle, { bundleId: f('bundleId') });
      return { ok: true, message: 'studio.bundles.deleted', details: {} as Record<string, string>, form: '' };
    }
    const bundleId = f('bundleId') || undefined;
    await run(saveBundle, {
      bundleId,
      bundle: {
        title: f('title'),
        description: f('description'),
        courseIds: form.getAll('courseIds').map(String),
        // An empty or non-numeric field is refused by the schema as "a whole number".
        price: f('price') === '' ? Number.NaN : Number(f('price')),
      },
    });
    return { ok: true, message: 'studio.bundles.saved', details: {}, form: '' };
  } catch (err) {
    return refusalData(err, (e) => ({
      ok: false,
      message: e.message,
      details: e.details ?? {},
      form: f('bundleId') || 'new',
    }));
  }
}

/** The studio's bundles (decision 0063): make one of your published courses, edit or delete it. */
export default function CreatorBundles({ loaderData }: Route.ComponentProps) {
  const { actor, studio } = loaderData;
  const { t, kes } = useFormat();
  const result = useActionData<typeof action>();
  const enough = studio.courses.length >= 2;
  return (
    <>
      <TopBar actor={actor} />
      <main className="studio bundles-studio">
        <Link to="/creator" className="btn btn-ghost btn-small back">
          ← {t('studio.dashboard.title')}
        </Link>
        <h1>{t('studio.bundles.title')}</h1>
        <p className="field-hint">{t('studio.bundles.intro')}</p>
        {result?.ok ? (
          <p role="status" className="notice">
            {t(result.message)}
          </p>
        ) : null}
        {enough ? (
          <details className="studio-form" open={studio.bundles.length === 0 || result?.form === 'new'}>
            <summary className="btn btn-primary">{t('studio.bundles.new')}</summary>
            <BundleForm courses={studio.courses} result={result?.form === 'new' ? result : undefined} />
          </details>
        ) : (
          <p className="notice">{t('studio.bundles.needTwo')}</p>
        )}
        <ul className="studio-bundles">
          {studio.bundles.map((b) => (
            <li key={b.id}>
              <h2>
                <Link to={`/bundle/${b.id}`}>{b.title}</Link>
              </h2>
              <p className="field-hint">
                {t('studio.bundles.summary', { count: b.courseIds.length, price: kes(b.price) })}
              </p>
              <details open={result?.form === b.id}>
                <summary>{t('studio.bundles.edit')}</summary>
                <BundleForm courses={studio.courses} bundle={b} result={result?.form === b.id ? result : undefined} />
              </details>
              <Form method="post" className="studio-bundle-actions">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="bundleId" value={b.id} />
                <button type="submit" className="btn btn-ghost">
                  {t('studio.bundles.delete')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}

function BundleForm({
  courses,
  bundle,
  result,
}: {
  courses: StudioBundles['courses'];
  bundle?: StudioBundles['bundles'][number];
  result?: { ok: boolean; message: string; details: Record<string, string> } | undefined;
}) {
  const { t, kes } = useFormat();
  const nav = useNavigation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(bundle?.courseIds ?? []));
  const total = courses.filter((c) => chosen.has(c.id)).reduce((sum, c) => sum + c.price, 0);
  const key = bundle?.id ?? 'new';
  const error = result && !result.ok ? result : null;
  const field = (name: string) =>
    error?.details[name] ? <span className="field-error">{t(error.details[name])}</span> : null;
  return (
    <Form method="post" className="bundle-form">
      <input type="hidden" name="intent" value="save" />
      {bundle ? <input type="hidden" name="bundleId" value={bundle.id} /> : null}
      {error ? (
        <p className="notice error" role="alert">
          {t(error.message)}
        </p>
      ) : null}
      <label className="field">
        <span className="field-label">{t('studio.bundles.name')}</span>
        <input name="title" required minLength={3} maxLength={120} defaultValue={bundle?.title ?? ''} />
        {field('title')}
      </label>
      <label className="field">
        <span className="field-label">{t('studio.bundles.description')}</span>
        <textarea name="description" rows={3} maxLength={2000} defaultValue={bundle?.description ?? ''} />
        {field('description')}
      </label>
      <fieldset>
        <legend className="field-label">{t('studio.bundles.courses')}</legend>
        {courses.map((c) => (
          <label key={c.id} className="bundle-course">
            <input
              type="checkbox"
              name="courseIds"
              value={c.id}
              checked={chosen.has(c.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(c.id);
                else next.delete(c.id);
                setChosen(next);
              }}
            />
            <span className="bundle-course-title">{c.title}</span>
            <span>{kes(c.price)}</span>
          </label>
        ))}
        <span className="field-hint">{t('studio.bundles.together', { total: kes(total) })}</span>
        {field('courseIds')}
      </fieldset>
      <label className="field">
        <span className="field-label">{t('studio.bundles.price')}</span>
        <input
          name="price"
          type="number"
          inputMode="numeric"
          min={BUNDLE_MIN_PRICE}
          step={1}
          required
          defaultValue={bundle?.price ?? ''}
          aria-describedby={`bundle-price-hint-${key}`}
        />
        <span id={`bundle-price-hint-${key}`} className="field-hint">
          {t('studio.bundles.priceHint')}
        </span>
        {field('price')}
      </label>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={nav.state === 'submitting'}>
          {nav.state === 'submitting' ? t('studio.saving') : t('studio.bundles.save')}
        </button>
      </div>
    </Form>
  );
}
