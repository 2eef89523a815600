import type { ReactNode } from 'react';

/** A header cell: its label, or a label over a right-aligned numeric column. */
export type Column = string | { label: string; num: true };

/** An admin table: one header cell per column, one row per item (`row` renders the <tr> with its key). */
export function AdminTable<T>({ columns, items, row }: { columns: Column[]; items: T[]; row: (item: T) => ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c}>{c}</th>
              ) : (
                <th key={c.label} className="num">
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{items.map((item) => row(item))}</tbody>
      </table>
    </div>
  );
}
