// One ECharts instance on a div, sized from its box whenever that box changes (the grid settles
// after the first paint, a phone turns: a chart drawn at the wrong width would be a sliver), and
// disposed with the component. The caller registers the chart types it uses (echarts.use) and sets
// its option on `chart.current`.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';

export function useEChart() {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) c.resize({ width, height });
    });
    resize.observe(ref.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  return { ref, chart };
}
