import type { Trend } from '#app/server/admin.server.ts';

/** One dashboard figure, with this month against last month when given. */
export function StatCard({
  label,
  value,
  trend,
  format = String,
}: {
  label: string;
  value: string;
  trend?: Trend;
  format?: (n: number) => string;
}) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {trend ? <TrendLine trend={trend} format={format} /> : null}
    </div>
  );
}

function TrendLine({ trend, format }: { trend: Trend; format: (n: number) => string }) {
  const pct = trend.growthPct;
  const cls = pct === null || pct === 0 ? '' : pct > 0 ? 'up' : 'down';
  const text = pct === null ? 'no figures last month' : `${pct > 0 ? '+' : ''}${pct}% from last month`;
  return (
    // A second <dd> of the same term: a <dl> group holds only <dt> and <dd> (axe: definition-list).
    <dd className={`trend ${cls}`}>
      {format(trend.thisMonth)} this month · {text}
    </dd>
  );
}
