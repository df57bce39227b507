/**
 * One ECharts chart as a React component. Only the chart kinds and components the Activity view
 * uses are registered (tree-shaken), drawn on canvas: no eval, no inline scripts, so it runs
 * under the app's strict Content-Security-Policy.
 */
import { BarChart, HeatmapChart } from 'echarts/charts';
import { CalendarComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, HeatmapChart, CalendarComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export function EChart({ option, height, label }: { option: ChartOption; height: number; label: string }): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = undefined;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);
  return <div ref={box} className="echart" style={{ height }} role="img" aria-label={label} />;
}
