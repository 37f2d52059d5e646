// Positions received per minute over the last hour (the support dashboard): an ECharts bar per
// minute, the figures also as a table for screen readers.
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { zoned } from '../../../components/zone';
import { useEChart } from '../../../components/useEChart';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export default function PositionsChart({
  minutes,
}: {
  minutes: readonly { minute: string; count: number }[];
}) {
  const { ref, chart } = useEChart();
  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 44, right: 8, top: 10, bottom: 24 },
        tooltip: { trigger: 'axis', confine: true },
        xAxis: {
          type: 'category',
          data: minutes.map((m) => zoned(m.minute).format('HH:mm')),
          axisLabel: { color: '#595959', hideOverlap: true },
          axisTick: { show: false },
        },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#595959' } },
        series: [
          {
            name: 'Positions',
            type: 'bar',
            data: minutes.map((m) => m.count),
            itemStyle: { color: '#1565c0' },
          },
        ],
      },
      true,
    );
    chart.current?.resize();
  }, [minutes]);
  const total = minutes.reduce((n, m) => n + m.count, 0);
  return (
    <figure className="day-chart">
      <div ref={ref} style={{ height: 180 }} aria-hidden="true" data-testid="positions-chart" />
      <figcaption>
        {total.toLocaleString('en-ZA')} positions in the last hour,{' '}
        {Math.round(total / Math.max(1, minutes.length)).toLocaleString('en-ZA')} a minute on
        average
      </figcaption>
      <table className="visually-hidden">
        <caption>Positions per minute</caption>
        <tbody>
          {minutes.map((m) => (
            <tr key={m.minute}>
              <th scope="row">{zoned(m.minute).format('HH:mm')}</th>
              <td>{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
