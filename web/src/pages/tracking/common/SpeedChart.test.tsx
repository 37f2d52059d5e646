import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { TripPoint } from '@fleet/common';
import { setUserZone } from '../../../components/zone';
import type { FrameClock } from '../../../map/replay/replayController';
import { useReplay } from '../../../map/replay/useReplay';
import SpeedChart from './SpeedChart';
import {
  cursorMoved,
  cursorTime,
  eventSamples,
  seekTimeFromChart,
  speedSeries,
  suggestedReplaySpeed,
} from './speedChartSync';

// ECharts draws on a canvas jsdom lacks: the chart is a fake that keeps the options it was given
// and maps time to pixels linearly across its grid, as the real time axis does.
const charts = vi.hoisted(() => [] as any[]);
vi.mock('echarts/core', () => {
  class FakeChart {
    options: any[] = [];
    zr: Record<string, (e: { offsetX: number; offsetY: number }) => void> = {};
    constructor() {
      charts.push(this);
    }
    axis() {
      const x = [...this.options].reverse().find((o) => o.xAxis)?.xAxis;
      return { min: x?.min ?? 0, max: x?.max ?? 1, left: 44, width: 500 };
    }
    setOption(o: any) {
      this.options.push(o);
    }
    convertToPixel(_finder: unknown, t: number) {
      const a = this.axis();
      return a.left + ((t - a.min) / (a.max - a.min)) * a.width;
    }
    convertFromPixel(_finder: unknown, x: number) {
      const a = this.axis();
      return a.min + ((x - a.left) / a.width) * (a.max - a.min);
    }
    containPixel(_finder: unknown, [x]: number[]) {
      return x >= 44 && x <= 544;
    }
    getZr() {
      return { on: (type: string, fn: any) => (this.zr[type] = fn) };
    }
    getWidth() {
      return 558;
    }
    getHeight() {
      return 140;
    }
    resize() {}
    dispose() {}
    cursorX() {
      const g = [...this.options].reverse().find((o) => o.graphic)?.graphic[0];
      return g.invisible ? null : g.shape.x1;
    }
  }
  return {
    use: () => undefined,
    init: () => new FakeChart(),
    graphic: { LinearGradient: class {} },
  };
});
vi.mock('echarts/charts', () => ({ LineChart: {} }));
vi.mock('echarts/components', () => ({
  GraphicComponent: {},
  GridComponent: {},
  MarkLineComponent: {},
  MarkPointComponent: {},
  TooltipComponent: {},
}));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const points: TripPoint[] = [0, 40, 90, 130, 60, 0].map((speed, i) => ({
  lat: -26 + i * 0.01,
  lon: 28,
  speed,
  direction: 0,
  datetime: new Date(T0 + i * 60_000).toISOString(),
  event: i === 3 ? 'brake' : undefined,
}));
const END = T0 + 5 * 60_000;

function manualClock(): FrameClock & { advance(ms: number): void } {
  let now = 0;
  let pending: (() => void) | null = null;
  return {
    now: () => now,
    request: (cb) => {
      pending = cb;
      return 1;
    },
    cancel: () => {
      pending = null;
    },
    advance(ms) {
      now += ms;
      const cb = pending;
      pending = null;
      cb?.();
    },
  };
}

/** The page's wiring: the chart shows the replay's time and seeks the replay. */
function Linked({ clock }: { clock: FrameClock }) {
  const { controller, state } = useReplay(points, { clock, speed: 60 });
  return (
    <>
      <button onClick={() => controller.play()}>play</button>
      <span data-testid="time">{state.time}</span>
      <SpeedChart
        points={controller.points}
        maxSpeed={120}
        cursor={cursorTime(state)}
        start={state.start}
        end={state.end}
        onSeek={(t) => controller.seek(t)}
      />
    </>
  );
}

describe('speed chart and replay', () => {
  it('moves the chart cursor with the replay, and seeks the replay where the chart is pressed', () => {
    charts.length = 0;
    const clock = manualClock();
    const view = render(<Linked clock={clock} />);
    const chart = charts[0];
    expect(chart.cursorX()).toBe(44);

    // Replay → chart: one wall second at 60× is one trip minute, a fifth of the trip.
    act(() => view.getByText('play').click());
    act(() => clock.advance(1000));
    expect(Number(view.getByTestId('time').textContent)).toBe(T0 + 60_000);
    expect(chart.cursorX()).toBeCloseTo(44 + 100, 5);
    expect(view.getByTestId('speed-chart').dataset.cursor).toBe(String(T0 + 60_000));

    // Chart → replay: pressing at 60 % of the grid, then dragging to 80 %.
    act(() => chart.zr.mousedown({ offsetX: 44 + 300, offsetY: 50 }));
    expect(Number(view.getByTestId('time').textContent)).toBe(T0 + 3 * 60_000);
    act(() => chart.zr.mousemove({ offsetX: 44 + 400, offsetY: 50 }));
    expect(Number(view.getByTestId('time').textContent)).toBe(T0 + 4 * 60_000);
    act(() => chart.zr.mouseup({ offsetX: 0, offsetY: 0 }));
    // Moving without a button pressed does not seek.
    act(() => chart.zr.mousemove({ offsetX: 44 + 100, offsetY: 50 }));
    expect(Number(view.getByTestId('time').textContent)).toBe(T0 + 4 * 60_000);
    expect(chart.cursorX()).toBeCloseTo(44 + 400, 5);
  });

  it('draws the speed line, the speed limit and the special events', () => {
    charts.length = 0;
    render(
      <SpeedChart
        points={points}
        maxSpeed={120}
        cursor={null}
        start={T0}
        end={END}
        onSeek={() => {}}
      />,
    );
    const option = charts[0].options.find((o: any) => o.series);
    const series = option.series[0];
    expect(series.data).toHaveLength(6);
    expect(series.markLine.data).toEqual([{ yAxis: 120 }]);
    expect(series.markPoint.data).toHaveLength(1);
    expect(series.markPoint.data[0].value).toBe('B');
    expect(charts[0].cursorX()).toBeNull();
  });
});

describe('speed chart in the user time zone', () => {
  afterEach(() => setUserZone(undefined));

  it("draws its time axis on the user's clock and still seeks the right moment", () => {
    // 08:00 UTC is 10:00 in Johannesburg, whatever zone the browser is in.
    setUserZone('Africa/Johannesburg');
    charts.length = 0;
    const onSeek = vi.fn();
    const span = { start: T0, end: END };
    render(<SpeedChart points={points} maxSpeed={120} cursor={T0} {...span} onSeek={onSeek} />);
    const chart = charts[0];
    const option = chart.options.find((o: any) => o.series);
    expect(option.useUTC).toBe(true);
    const hours = (t: number) => new Date(t).toISOString().slice(11, 16);
    expect(hours(option.xAxis.min)).toBe('10:00');
    expect(hours(option.xAxis.max)).toBe('10:05');
    expect(hours(option.series[0].data[0][0])).toBe('10:00');
    expect(option.tooltip.formatter([{ value: option.series[0].data[1] }])).toBe(
      '10:01:00<br/><b>40 km/h</b>',
    );
    expect(hours(option.series[0].markPoint.data[0].coord[0])).toBe('10:03');
    expect(chart.cursorX()).toBe(44);
    act(() => chart.zr.mousedown({ offsetX: 44 + 300, offsetY: 50 }));
    expect(onSeek).toHaveBeenCalledWith(T0 + 3 * 60_000);
  });
});

describe('speed chart sync helpers', () => {
  it('keeps every fix of a short replay and the peaks of a long one', () => {
    expect(speedSeries(points).map((s) => s[1])).toEqual([0, 40, 90, 130, 60, 0]);
    const long: TripPoint[] = Array.from({ length: 10_000 }, (_, i) => ({
      lat: 0,
      lon: 0,
      speed: i === 7_777 ? 170 : 50,
      direction: 0,
      datetime: new Date(T0 + i * 1000).toISOString(),
    }));
    const thinned = speedSeries(long, 500);
    expect(thinned.length).toBeLessThanOrEqual(500);
    expect(Math.max(...thinned.map((s) => s[1]))).toBe(170);
    for (let i = 1; i < thinned.length; i++)
      expect(thinned[i][0]).toBeGreaterThanOrEqual(thinned[i - 1][0]);
  });

  it('lists the events to mark on the line', () => {
    expect(eventSamples(points)).toEqual([{ time: T0 + 180_000, kmh: 130, event: 'brake' }]);
  });

  it('places the cursor only when there is something to replay', () => {
    expect(cursorTime({ time: T0 + 5, start: T0, end: END, position: {} })).toBe(T0 + 5);
    expect(cursorTime({ time: END + 99, start: T0, end: END, position: {} })).toBe(END);
    expect(cursorTime({ time: T0, start: T0, end: END, position: null })).toBeNull();
  });

  it('keeps a seek from the chart inside the replay', () => {
    expect(seekTimeFromChart(T0 - 1000, T0, END)).toBe(T0);
    expect(seekTimeFromChart(END + 1000, T0, END)).toBe(END);
    expect(seekTimeFromChart(T0 + 10, T0, END)).toBe(T0 + 10);
    expect(seekTimeFromChart(NaN, T0, END)).toBeNull();
  });

  it('redraws the cursor only after it moved half a pixel', () => {
    const span = END - T0;
    expect(cursorMoved(T0, T0 + span / 2000, T0, END, 500)).toBe(false);
    expect(cursorMoved(T0, T0 + span / 1000, T0, END, 500)).toBe(true);
    expect(cursorMoved(null, T0, T0, END, 500)).toBe(true);
    expect(cursorMoved(T0, null, T0, END, 500)).toBe(true);
  });

  it('starts a replay at a speed that plays it in about a minute', () => {
    const speeds = [1, 2, 5, 10, 20, 50, 100, 200, 300];
    expect(suggestedReplaySpeed(5 * 60_000, speeds)).toBe(10);
    expect(suggestedReplaySpeed(40 * 60_000, speeds)).toBe(50);
    expect(suggestedReplaySpeed(24 * 3600_000, speeds)).toBe(300);
  });
});
