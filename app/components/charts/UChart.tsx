import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatDate, formatShortDay } from '#common/i18n/formatting.ts';
import { useT } from '#app/i18n/useT.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A uPlot chart, loaded on demand: the library (≈20 KB gzip) and its CSS are fetched by the first chart
 * drawn, so no other page carries them. Days on the x axis as a line chart, or categories (episodes) as
 * bars. The numbers are also in a table beside it, for screen readers and for anyone who wants them.
 */
export function UChart({
  title,
  x,
  xLabels,
  series,
  bars = false,
  format = (v) => String(v),
}: {
  title: string;
  /** Unix seconds for time series, 1..n for categories. */
  x: number[];
  xLabels: string[];
  series: ChartSeries[];
  bars?: boolean;
  format?: (v: number) => string;
}) {
  const { t, locale } = useT();
  // uPlot's own words for the x values ("Time", "Nov 27") are English: the page's are given instead.
  const xName = bars ? t('studio.chart.episode') : t('studio.chart.day');
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = () => Math.max(240, el.clientWidth);
        const opts: uPlot.Options = {
          width: width(),
          height: 220,
          // Counts, money and time start at zero (uPlot would otherwise zoom into the data's range).
          scales: {
            x: { time: !bars },
            y: { range: (_u: uPlot, _min: number, max: number) => [0, max > 0 ? max * 1.1 : 1] },
          },
          axes: [
            {
              stroke: '#b3b3b3',
              grid: { stroke: '#2a2a2a' },
              ...(bars
                ? {
                    values: (_u: uPlot, ticks: number[]) =>
                      ticks.map((t) => (Number.isInteger(t) ? (xLabels[t - 1] ?? '') : '')),
                  }
                : {
                    // Whole days only: the points are days, and a tick between two would repeat a label.
                    incrs: [1, 2, 7, 14, 30, 61, 91].map((d) => d * 86_400),
                    values: (_u: uPlot, ticks: number[]) =>
                      ticks.map((s) => formatShortDay(new Date(s * 1000), locale)),
                  }),
            },
            {
              stroke: '#b3b3b3',
              grid: { stroke: '#2a2a2a' },
              size: 80,
              values: (_u: uPlot, ticks: number[]) => ticks.map(format),
            },
          ],
          series: [
            {
              label: xName,
              value: (_u: uPlot, v: number | null) =>
                v === null ? '—' : bars ? (xLabels[v - 1] ?? '') : formatDate(new Date(v * 1000), locale),
            },
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              fill: bars ? s.color : `${s.color}33`,
              width: 2,
              value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
              ...(bars ? { paths: UPlot.paths.bars!({ size: [0.6, 64] }), points: { show: false } } : {}),
            })),
          ],
        };
        chart = new UPlot(opts, [x, ...series.map((s) => s.values)], el);
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 220 }));
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [x, xLabels, series, bars, format, locale, xName]);

  return (
    <figure className="chart-card">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {failed ? <p className="notice error">{t('studio.chart.failed')}</p> : null}
      <div ref={box} className="chart-box" aria-hidden="true" />
      <details>
        <summary>{t('studio.chart.table')}</summary>
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th />
                {series.map((s) => (
                  <th key={s.label} className="num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {xLabels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label} className="num">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
