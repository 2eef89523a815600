import { Form } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

export interface SelectSpec {
  name: string;
  label: string;
  options: [value: string, label: string][];
}

/** Search box, sort, direction and filters of an admin list, as a GET form (shareable URLs, no JS needed). */
export function ListToolbar({
  params,
  sorts,
  filters = [],
}: {
  params: URLSearchParams;
  sorts: [string, string][];
  filters?: SelectSpec[];
}) {
  const { t } = useT();
  const selects: SelectSpec[] = [
    { name: 'sort', label: t('admin.list.sortBy'), options: sorts },
    {
      name: 'dir',
      label: t('admin.list.order'),
      options: [
        ['desc', t('admin.list.desc')],
        ['asc', t('admin.list.asc')],
      ],
    },
    ...filters,
  ];
  return (
    <Form method="get" className="list-toolbar" role="search">
      <label>
        {t('admin.list.search')}
        <input type="search" name="q" defaultValue={params.get('q') ?? ''} maxLength={100} />
      </label>
      {selects.map((s) => (
        <label key={s.name}>
          {s.label}
          <select name={s.name} defaultValue={params.get(s.name) ?? ''}>
            {s.name !== 'sort' && s.name !== 'dir' ? <option value="">{t('admin.list.all')}</option> : null}
            {s.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="btn btn-light btn-small">
        {t('admin.list.apply')}
      </button>
    </Form>
  );
}
