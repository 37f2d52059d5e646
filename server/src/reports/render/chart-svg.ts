// A report's chart as SVG from ECharts' server-side renderer (issue 14 item 2): the same picture in
// the PDF (drawn by svg-to-pdfkit) and the Website file (inline). Bars and lines over categories,
// or a heat table of cells over categories × rows.
import { createRequire } from 'node:module';
import type { ReportChartSection } from '@fleet/common';
import type { EChartsOption } from 'echarts';

type ECharts = typeof import('echarts');

// ECharts' one-file CommonJS build loads in a fifth of the time its ES modules take, and only when
// the first chart is drawn, so a server that makes no report never pays for it.
let echarts: ECharts | null = null;
const load = () => (echarts ??= createRequire(import.meta.url)('echarts') as ECharts);

/** Colours that read against white at 3:1 or better (WCAG non-text contrast). */
export const SERIES_COLOURS = ['#1668dc', '#d4380d', '#389e0d', '#ad6800', '#722ed1', '#08979c'];
export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';
const TEXT = '#262626';

function axisCategories(categories: string[], width: number, fontSize: number) {
  // Long or many labels lean so they do not overlap; ECharts still hides the ones that would.
  const longest = Math.max(0, ...categories.map((c) => c.length));
  const room = width / Math.max(1, categories.length);
  return {
    type: 'category' as const,
    data: categories,
    axisLabel: {
      color: TEXT,
      fontSize,
      rotate: longest * fontSize * 0.5 > room ? 40 : 0,
      hideOverlap: true,
    },
    axisTick: { alignWithLabel: true },
  };
}

function options(section: ReportChartSection, width: number, fontSize: number): EChartsOption {
  const base: EChartsOption = {
    animation: false,
    color: SERIES_COLOURS,
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT, fontSize },
  };
  const text = { color: TEXT, fontSize };
  if (section.chart === 'heatmap') {
    const cells = section.cells ?? [];
    const max = Math.max(1, ...cells.map((c) => c[2]));
    return {
      ...base,
      grid: { left: 8, right: 16, top: 12, bottom: 48, containLabel: true },
      xAxis: { ...axisCategories(section.categories, width, fontSize), splitArea: { show: true } },
      // Rows read from the top, as in a table.
      yAxis: { type: 'category', inverse: true, data: section.rows ?? [], axisLabel: text },
      visualMap: {
        min: 0,
        max,
        calculable: false,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: 120,
        textStyle: text,
        text: [`${max}${section.unit ? ` ${section.unit}` : ''}`, '0'],
        inRange: { color: ['#f0f5ff', '#85a5ff', '#1d39c4'] },
      },
      series: [
        {
          type: 'heatmap',
          name: section.title,
          data: cells,
          label: { show: cells.length <= 250, fontSize: 9 },
          emphasis: { disabled: true },
        },
      ],
    };
  }
  const legend = section.series.length > 1;
  return {
    ...base,
    legend: { show: legend, top: 0, textStyle: text },
    grid: { left: 8, right: 16, top: legend ? 40 : 28, bottom: 8, containLabel: true },
    xAxis: axisCategories(section.categories, width, fontSize),
    yAxis: { type: 'value', name: section.unit ?? '', nameTextStyle: text, axisLabel: text },
    series: section.series.map((s) => ({
      type: section.chart === 'line' ? ('line' as const) : ('bar' as const),
      name: s.name,
      data: s.values,
      showSymbol: section.categories.length <= 40,
    })),
  };
}

/** The most rows a heat table draws: past that no row is readable and drawing takes seconds. */
export const MAX_HEAT_ROWS = 60;

/**
 * The part of a chart that is drawn, and what was left out: a heat table of 500 vehicles shows
 * its first MAX_HEAT_ROWS and says so.
 */
export function drawnChart(section: ReportChartSection): {
  section: ReportChartSection;
  note: string | null;
} {
  const rows = section.rows ?? [];
  if (section.chart !== 'heatmap' || rows.length <= MAX_HEAT_ROWS) return { section, note: null };
  return {
    section: {
      ...section,
      rows: rows.slice(0, MAX_HEAT_ROWS),
      cells: (section.cells ?? []).filter((c) => c[1] < MAX_HEAT_ROWS),
    },
    note: `The first ${MAX_HEAT_ROWS} of ${rows.length} rows are drawn.`,
  };
}

/** The chart drawn at width × height (px, or pt in the PDF), its text at `fontSize`. */
export function chartSvg(
  section: ReportChartSection,
  width: number,
  height: number,
  fontSize = 12,
): string {
  const chart = load().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(options(section, width, fontSize));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** How tall a chart is drawn at this width: a heat table grows with its rows. */
export function chartHeight(section: ReportChartSection, width: number): number {
  if (section.chart === 'heatmap') return Math.min(520, 90 + 20 * (section.rows?.length ?? 1));
  return Math.round(Math.min(260, Math.max(200, width * 0.42)));
}
