// A report's chart in the Website view, drawn by ECharts in the page so it answers the pointer
// (tooltips, legend toggles): bars and lines over the categories, or a heat table (hours per
// vehicle per day) whose colour scale is the visual map under it. The figures are also in the
// report's tables, which is what a screen reader reads.
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ReportChartSection } from '@fleet/common';
import { useEChart } from '../../../components/useEChart';

echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

const AXIS_TEXT = { color: '#595959' };
const PALETTE = ['#1677ff', '#d46b08', '#389e0d', '#c41d7f', '#531dab', '#08979c'];

/** The ECharts option of a section (exported for the tests, which read it back). */
export function chartOption(section: ReportChartSection) {
  const unit = section.unit ?? '';
  const categoryAxis = {
    type: 'category' as const,
    data: section.categories,
    axisLabel: { ...AXIS_TEXT, hideOverlap: true, rotate: section.categories.length > 12 ? 40 : 0 },
  };
  if (section.chart === 'heatmap') {
    const cells = section.cells ?? [];
    const max = Math.max(1, ...cells.map((c) => c[2]));
    return {
      animation: false,
      tooltip: {
        confine: true,
        formatter: (p: { value: [number, number, number] }) =>
          `${section.rows?.[p.value[1]] ?? ''}, ${section.categories[p.value[0]] ?? ''}: ${p.value[2]} ${unit}`,
      },
      grid: { left: 8, right: 8, top: 8, bottom: 96, containLabel: true },
      xAxis: { ...categoryAxis, splitArea: { show: true } },
      yAxis: {
        type: 'category' as const,
        data: section.rows ?? [],
        axisLabel: AXIS_TEXT,
        splitArea: { show: true },
      },
      visualMap: {
        min: 0,
        max,
        calculable: true,
        orient: 'horizontal' as const,
        left: 'center',
        bottom: 0,
        text: [`${max} ${unit}`.trim(), `0 ${unit}`.trim()],
        textStyle: AXIS_TEXT,
        inRange: { color: ['#e6f4ff', '#1677ff', '#002c8c'] },
      },
      series: [{ type: 'heatmap' as const, name: section.title, data: cells }],
    };
  }
  return {
    animation: false,
    color: PALETTE,
    tooltip: { trigger: 'axis' as const, confine: true },
    legend: { show: section.series.length > 1, top: 0, textStyle: AXIS_TEXT },
    grid: {
      left: 8,
      right: 8,
      top: section.series.length > 1 ? 32 : 16,
      bottom: 8,
      containLabel: true,
    },
    xAxis: categoryAxis,
    yAxis: { type: 'value' as const, name: unit, nameTextStyle: AXIS_TEXT, axisLabel: AXIS_TEXT },
    series: section.series.map((s) => ({
      name: s.name,
      type: section.chart,
      data: s.values,
      ...(section.chart === 'bar' ? { barMaxWidth: 28 } : { showSymbol: s.values.length <= 31 }),
    })),
  };
}

export default function ReportChart({ section }: { section: ReportChartSection }) {
  const { ref, chart } = useEChart();
  useEffect(() => {
    chart.current?.setOption(chartOption(section), true);
  }, [chart, section]);
  const rows = section.chart === 'heatmap' ? (section.rows?.length ?? 0) : 0;
  return (
    <div
      ref={ref}
      className="report-chart"
      style={rows ? { height: Math.max(240, rows * 26 + 140) } : undefined}
      role="img"
      aria-label={`Chart: ${section.title}`}
    />
  );
}
