import { Form } from 'react-router';

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
  const selects: SelectSpec[] = [
    { name: 'sort', label: 'Sort by', options: sorts },
    {
      name: 'dir',
      label: 'Order',
      options: [
        ['desc', 'Descending'],
        ['asc', 'Ascending'],
      ],
    },
    ...filters,
  ];
  return (
    <Form method="get" className="list-toolbar" role="search">
      <label>
        Search
        <input type="search" name="q" defaultValue={params.get('q') ?? ''} maxLength={100} />
      </label>
      {selects.map((s) => (
        <label key={s.name}>
          {s.label}
          <select name={s.name} defaultValue={params.get(s.name) ?? ''}>
            {s.name !== 'sort' && s.name !== 'dir' ? <option value="">All</option> : null}
            {s.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="btn btn-light btn-small">
        Apply
      </button>
    </Form>
  );
}
