// Each vehicle's consumption in the period as bars (L/100 km; machines in L/hour on their own
// axis), with its usual consumption as a mark: a bar well above it is drawn red. The table beside
// it carries the same numbers for screen readers.
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { FuelVehicleUsage } from '@fleet/common';
import { useEChart } from '../../../components/useEChart';

echarts.use([
  BarChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export default function UsageChart({ vehicles }: { vehicles: readonly FuelVehicleUsage[] }) {
  const { ref, chart } = useEChart();

  useEffect(() => {
    const shown = vehicles.filter((v) => v.consumption !== null);
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
        legend: { top: 0, data: ['Consumption', 'Usual'] },
        tooltip: { trigger: 'axis', confine: true },
        xAxis: {
          type: 'category',
          data: shown.map((v) => v.name),
          axisLabel: { rotate: 40, fontSize: 10, color: '#595959', hideOverlap: true },
        },
        yAxis: { type: 'value', name: 'L/100 km · L/h', nameTextStyle: { color: '#595959' } },
        series: [
          {
            name: 'Consumption',
            type: 'bar',
            data: shown.map((v) => ({
              value: v.consumption,
              itemStyle: { color: v.above_usual || v.flagged ? '#cf1322' : '#1677ff' },
            })),
            barMaxWidth: 24,
          },
          {
            name: 'Usual',
            type: 'scatter',
            symbol: 'rect',
            symbolSize: [18, 3],
            itemStyle: { color: '#262626' },
            data: shown.map((v) => v.usual),
          },
        ],
      },
      true,
    );
  }, [vehicles]);

  return (
    <div
      ref={ref}
      className="fuel-chart"
      role="img"
      aria-label="Consumption per vehicle, with each vehicle's usual consumption"
    />
  );
}
