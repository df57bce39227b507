/** ECharts options for the Activity view, built from usage reports (pure: no DOM). */
import type { UsageReport } from '../../../../shared/usage';
import type { ChartOption } from './echart';

export type Stack = 'agent' | 'model';
export type Metric = 'cost' | 'tokens';

/** Stacked bars: one bar per period, one series per agent or model. */
export function spendOverTime(report: UsageReport, stack: Stack, metric: Metric): ChartOption {
  const split = (r: UsageReport['rows'][number]) => (stack === 'agent' ? r.byAgent : r.byModel);
  const names = [...new Set(report.rows.flatMap((r) => Object.keys(split(r))))].sort();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => (metric === 'cost' ? `$${Number(v).toFixed(2)}` : Number(v).toLocaleString()) },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 56, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: report.rows.map((r) => r.key) },
    yAxis: { type: 'value', axisLabel: { formatter: metric === 'cost' ? '${value}' : (v: number) => compactNumber(v) } },
    series: names.map((name) => ({
      name,
      type: 'bar',
      stack: 'total',
      emphasis: { focus: 'series' },
      // A part without a price is drawn as nothing in the cost chart (never as a made-up zero cost).
      data: report.rows.map((r) => {
        const part = split(r)[name];
        if (!part) return 0;
        return metric === 'cost' ? (part.costUsd === null ? null : round(part.costUsd)) : part.tokens;
      }),
    })),
  };
}

/** A calendar of active days, coloured by tokens. */
export function activeDays(report: UsageReport): ChartOption {
  const days = report.rows.filter((r) => r.tokens.total > 0);
  const last = days.at(-1)?.key ?? new Date().toISOString().slice(0, 10);
  const first = shiftDays(last, -364);
  const max = Math.max(1, ...days.map((d) => d.tokens.total));
  return {
    tooltip: { formatter: (p: { value: [string, number] }) => `${p.value[0]}: ${Number(p.value[1]).toLocaleString()} tokens` },
    visualMap: { show: false, min: 0, max, inRange: { color: ['#dbe4ff', '#3b5bdb'] } },
    calendar: { range: [first, last], cellSize: ['auto', 14], top: 24, left: 40, right: 16, yearLabel: { show: false }, dayLabel: { firstDay: 1, nameMap: 'en' }, splitLine: { show: false } },
    series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: days.filter((d) => d.key >= first).map((d) => [d.key, d.tokens.total]) }],
  };
}

function shiftDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

function compactNumber(v: number): string {
  return Intl.NumberFormat('en', { notation: 'compact' }).format(v);
}
