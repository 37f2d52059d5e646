// Speed over time of what is being replayed (ECharts line), tied to the replay both ways: the replay
// cursor is a line on the chart, and pressing or dragging on the chart seeks the replay there.
// The time axis is drawn in UTC over the user's wall clock (components/zone.ts), so its ticks,
// labels and tooltip fall on the user's hours and days whatever the browser's zone.
import { useEffect, useMemo, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import type { TripPoint } from '@fleet/common';
import { instantOfWallClock, useUserZone, wallClockOf } from '../../../components/zone';
import { TRIP_EVENT_SIGNS, type TripEventSign } from '../../../map/sprites/spriteNames';
import { cursorMoved, eventSamples, seekTimeFromChart, speedSeries } from './speedChartSync';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  MarkLineComponent,
  MarkPointComponent,
  GraphicComponent,
  CanvasRenderer,
]);

const GRID = { left: 44, right: 14, top: 14, bottom: 24 };
const CURSOR_COLOUR = '#1565c0';

export interface SpeedChartProps {
  points: readonly TripPoint[];
  /** Speeding line (km/h); null for none. */
  maxSpeed: number | null;
  /** Replay time (epoch ms) to mark, or null. */
  cursor: number | null;
  /** The replay's time span: clicks are kept inside it. */
  start: number;
  end: number;
  onSeek: (time: number) => void;
  height?: number;
}

export default function SpeedChart({
  points,
  maxSpeed,
  cursor,
  start,
  end,
  onSeek,
  height = 140,
}: SpeedChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const drawn = useRef<number | null>(null);
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const spanRef = useRef({ start, end });
  spanRef.current = { start, end };
  const onSeekRef = useRef(onSeek);
  onSeekRef.current = onSeek;

  const zone = useUserZone();
  const series = useMemo(
    () => speedSeries(points).map(([t, kmh]): [number, number] => [wallClockOf(t), kmh]),
    [points, zone],
  );
  const events = useMemo(
    () => eventSamples(points).map((e) => ({ ...e, at: wallClockOf(e.time) })),
    [points, zone],
  );

  const drawCursor = (time: number | null) => {
    const chart = chartRef.current;
    if (!chart) return;
    drawn.current = time;
    const x =
      time === null
        ? null
        : (chart.convertToPixel({ xAxisIndex: 0 }, wallClockOf(time)) as unknown as number);
    chart.setOption({
      graphic: [
        {
          id: 'cursor',
          type: 'line',
          invisible: x === null || !Number.isFinite(x),
          silent: true,
          z: 100,
          shape: { x1: x ?? 0, y1: GRID.top, x2: x ?? 0, y2: chart.getHeight() - GRID.bottom },
          style: { stroke: CURSOR_COLOUR, lineWidth: 2 },
        },
      ],
    });
    ref.current?.setAttribute('data-cursor', time === null ? '' : String(Math.round(time)));
  };

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    let dragging = false;
    const seekAt = (x: number, y: number) => {
      if (!chart.containPixel({ gridIndex: 0 }, [x, y])) return;
      const value = chart.convertFromPixel({ xAxisIndex: 0 }, x) as unknown as number;
      const time = seekTimeFromChart(
        instantOfWallClock(value),
        spanRef.current.start,
        spanRef.current.end,
      );
      if (time !== null) onSeekRef.current(time);
    };
    const zr = chart.getZr();
    zr.on('mousedown', (e: { offsetX: number; offsetY: number }) => {
      dragging = true;
      seekAt(e.offsetX, e.offsetY);
    });
    zr.on('mousemove', (e: { offsetX: number; offsetY: number }) => {
      if (dragging) seekAt(e.offsetX, e.offsetY);
    });
    const stop = () => {
      dragging = false;
    };
    zr.on('mouseup', stop);
    zr.on('globalout', stop);
    const observer = new ResizeObserver(() => {
      chart.resize();
      drawCursor(cursorRef.current);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
    // drawCursor reads refs only, so it is no dependency.
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setOption(
      {
        animation: false,
        useUTC: true,
        grid: GRID,
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'line', snap: true },
          formatter: (items: unknown) => {
            const first = (items as { value: [number, number] }[])[0];
            if (!first) return '';
            return `${dayjs.utc(first.value[0]).format('HH:mm:ss')}<br/><b>${Math.round(first.value[1])} km/h</b>`;
          },
        },
        xAxis: {
          type: 'time',
          min: wallClockOf(start),
          max: wallClockOf(end),
          axisLabel: { hideOverlap: true, color: '#5f6b7a', fontSize: 11 },
          axisLine: { lineStyle: { color: '#c9d1db' } },
          splitLine: { show: false },
        },
        yAxis: {
          type: 'value',
          min: 0,
          name: 'km/h',
          nameGap: 6,
          nameTextStyle: { color: '#5f6b7a', fontSize: 11, align: 'right' },
          axisLabel: { color: '#5f6b7a', fontSize: 11 },
          splitLine: { lineStyle: { color: '#eef1f5' } },
        },
        series: [
          {
            id: 'speed',
            type: 'line',
            data: series,
            showSymbol: false,
            sampling: undefined,
            lineStyle: { width: 1.6, color: '#1f6fd1' },
            areaStyle: {
              color: new echarts.graphic.LinearGradient(0, 0, 0, 1, [
                { offset: 0, color: 'rgba(31,111,209,0.35)' },
                { offset: 1, color: 'rgba(31,111,209,0.03)' },
              ]),
            },
            markLine:
              maxSpeed === null
                ? undefined
                : {
                    silent: true,
                    symbol: 'none',
                    lineStyle: { color: '#d50000', type: 'dashed', width: 1.2 },
                    label: {
                      formatter: `${maxSpeed}`,
                      position: 'insideStartTop',
                      color: '#d50000',
                      fontSize: 10,
                    },
                    data: [{ yAxis: maxSpeed }],
                  },
            markPoint: events.length
              ? {
                  symbol: 'pin',
                  symbolSize: 26,
                  label: { fontSize: 10, color: '#fff', fontWeight: 'bold' },
                  data: events.map((e) => {
                    const sign = TRIP_EVENT_SIGNS[e.event as TripEventSign];
                    return {
                      coord: [e.at, e.kmh],
                      value: sign?.letter ?? '?',
                      itemStyle: { color: sign?.colour ?? '#546e7a' },
                    };
                  }),
                }
              : undefined,
          },
        ],
      },
      { notMerge: true },
    );
    drawCursor(cursorRef.current);
    // drawCursor reads refs only, so it is no dependency.
  }, [series, events, maxSpeed, start, end]);

  useEffect(() => {
    const width = chartRef.current?.getWidth() ?? 0;
    if (cursorMoved(drawn.current, cursor, start, end, width - GRID.left - GRID.right)) {
      drawCursor(cursor);
    }
    // drawCursor reads refs only, so it is no dependency.
  }, [cursor, start, end]);

  return (
    <div
      ref={ref}
      className="speed-chart"
      role="img"
      aria-label="Speed over time; click or drag to move the replay"
      data-testid="speed-chart"
      style={{ height, width: '100%', cursor: 'col-resize' }}
    />
  );
}
