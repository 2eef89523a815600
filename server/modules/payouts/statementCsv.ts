import { nairobiDay } from '../shared/nairobiTime.ts';
import type { Statement } from './getStatement.ts';

const cell = (v: string | number) => {
  const s = String(v);
  // Quote fields with separators; prefix formula starters so a spreadsheet never runs a course title.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The monthly statement as CSV (RFC 4180), Nairobi days, amounts in whole KES, totals at the end. */
export function statementCsv(s: Statement): string {
  const rows: (string | number)[][] = [['Date', 'Type', 'Description', 'Gross (KES)', 'Darasa fee (KES)', 'Net (KES)']];
  for (const l of s.lines) rows.push([nairobiDay(new Date(l.date)), l.kind, l.description, l.gross, l.fee, l.net]);
  rows.push([]);
  rows.push(['Totals', '', `Sales ${s.month}`, s.totals.sales, s.totals.fees, s.totals.net]);
  rows.push(['', '', 'Refunds', -s.totals.refunds, '', '']);
  rows.push(['', '', 'Payouts', -s.totals.payouts, '', '']);
  rows.push(['', '', 'Adjustments', s.totals.adjustments, '', '']);
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
