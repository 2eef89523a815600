import type { Trend } from '#app/server/admin.server.ts';
import { useT } from '#app/i18n/useT.ts';

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
  const { t } = useT();
  const pct = trend.growthPct;
  const cls = pct === null || pct === 0 ? '' : pct > 0 ? 'up' : 'down';
  const text =
    pct === null ? t('admin.trend.noFigures') : t('admin.trend.growth', { pct: `${pct > 0 ? '+' : ''}${pct}` });
  return (
    // A second <dd> of the same term: a <dl> group holds only <dt> and <dd> (axe: definition-list).
    <dd className={`trend ${cls}`}>
      {t('admin.trend.thisMonth', { value: format(trend.thisMonth) })} · {text}
    </dd>
  );
}
