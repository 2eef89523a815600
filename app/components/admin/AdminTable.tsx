import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/** A header cell: its label, or a label over a right-aligned numeric column. */
export type Column = string | { label: string; num: true };

const labelOf = (c: Column) => (typeof c === 'string' ? c : c.label);

/**
 * Gives each cell of a row its column's name as `data-label`: on a phone the table becomes one card per
 * row (admin.css), and the cells show their names since the header row is hidden.
 */
function labelCells(row: ReactNode, labels: string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let i = 0;
  const cells = Children.map(row.props.children, (cell) =>
    isValidElement(cell)
      ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': labels[i++] })
      : cell,
  );
  return cloneElement(row, undefined, cells);
}

/** An admin table: one header cell per column, one row per item (`row` renders the <tr> with its key). */
export function AdminTable<T>({ columns, items, row }: { columns: Column[]; items: T[]; row: (item: T) => ReactNode }) {
  const labels = columns.map(labelOf);
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
        <tbody>{items.map((item) => labelCells(row(item), labels))}</tbody>
      </table>
    </div>
  );
}
