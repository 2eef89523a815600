import { useActionData, useFetcher } from 'react-router';
import { addSearchSynonym, listSearchSynonyms, removeSearchSynonym } from '#app/server/admin.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminTable } from '../components/admin/AdminTable.tsx';
import { asAdmin, field, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminSearch';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.search') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return asAdmin(args)(listSearchSynonyms);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    if (field(form, 'intent') === 'remove') {
      await run(removeSearchSynonym, { synonymId: field(form, 'id') });
      return 'Synonym removed.';
    }
    await run(addSearchSynonym, { term: field(form, 'term'), means: field(form, 'means') });
    return 'Synonym added.';
  });
}

/** Search synonyms (decision 0049): the admins' additions, to add and remove, and the reviewed list. */
export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { builtIn, added } = loaderData;
  const { t } = useT();
  const add = useFetcher<{ ok: boolean; message: string }>();
  // Sent before the page's script ran (a slow phone), the form was an ordinary post: its answer is the page's.
  const posted = useActionData<{ ok: boolean; message: string }>();
  const result = add.state === 'idle' ? (add.data ?? posted) : undefined;
  return (
    <>
      <section className="admin-section" aria-labelledby="synonyms-h">
        <h2 id="synonyms-h">{t('admin.search.title')}</h2>
        <p className="empty-hint">{t('admin.search.intro')}</p>
        <add.Form method="post" className="synonym-form">
          <label>
            {t('admin.search.term')}
            <input name="term" required maxLength={60} autoCapitalize="none" />
          </label>
          <label>
            {t('admin.search.means')}
            <input name="means" required maxLength={300} autoCapitalize="none" />
          </label>
          <button type="submit" className="btn" disabled={add.state !== 'idle'}>
            {add.state !== 'idle' ? t('admin.working') : t('admin.search.add')}
          </button>
          {result ? (
            <span role="status" className={`sub ${result.ok ? '' : 'error'}`}>
              {t(result.message)}
            </span>
          ) : null}
        </add.Form>
        {added.length === 0 ? (
          <p className="empty-hint">{t('admin.search.none')}</p>
        ) : (
          <AdminTable
            columns={[t('admin.search.term'), t('admin.search.meaning'), t('admin.search.added'), t('admin.actions')]}
            items={added}
            row={(s) => (
              <tr key={s.id}>
                <td>{s.term}</td>
                <td>{s.means.join(', ')}</td>
                <td>{formatStamp(s.createdAt)}</td>
                <td className="admin-actions">
                  <ActionButton intent="remove" id={s.id} label={t('admin.search.remove')} danger />
                </td>
              </tr>
            )}
          />
        )}
      </section>
      <section className="admin-section" aria-labelledby="builtin-h">
        <h2 id="builtin-h">{t('admin.search.builtIn')}</h2>
        <AdminTable
          columns={[t('admin.search.term'), t('admin.search.meaning')]}
          items={[...builtIn]}
          row={(s) => (
            <tr key={s.term}>
              <td>{s.term}</td>
              <td>{s.means.join(', ')}</td>
            </tr>
          )}
        />
      </section>
    </>
  );
}
