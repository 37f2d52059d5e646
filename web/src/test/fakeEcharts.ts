// ECharts draws on a canvas jsdom lacks. A test replaces it with this module
// (`vi.mock('echarts/core', () => import('<path>/test/fakeEcharts'))`) and reads back, from
// `charts`, the options each chart was given.
export interface FakeChart {
  options: any[];
  setOption(o: any): void;
  resize(): void;
  dispose(): void;
}

export const charts: FakeChart[] = [];

export const use = () => undefined;

export function init(): FakeChart {
  const chart: FakeChart = {
    options: [],
    setOption(o) {
      chart.options.push(o);
    },
    resize() {},
    dispose() {},
  };
  charts.push(chart);
  return chart;
}
