import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AdminTable, type Column } from './AdminTable.tsx';
import { ListError } from './ListError.tsx';
import { ListToolbar, type SelectSpec } from './ListToolbar.tsx';
import { Pager } from './Pager.tsx';

interface Props<T> {
  /** Prefix of the heading's id (the section is labelled by it). */
  id: string;
  title: string;
  page: { items: T[]; prev: string | null; next: string | null };
  error: string | null;
  emptyText: string;
  sorts: [string, string][];
  filters: SelectSpec[];
  columns: Column[];
  row: (item: T) => ReactNode;
}

/** An admin list page's body: search/sort/filter form, the problem or empty message, the table and the pager. */
export function AdminListSection<T>({ id, title, page, error, emptyText, sorts, filters, columns, row }: Props<T>) {
  const [params] = useSearchParams();
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      <ListToolbar params={params} sorts={sorts} filters={filters} />
      <ListError error={error} empty={page.items.length === 0} emptyText={emptyText} />
      {page.items.length ? <AdminTable columns={columns} items={page.items} row={row} /> : null}
      <Pager params={params} prev={page.prev} next={page.next} />
    </section>
  );
}
