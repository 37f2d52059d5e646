// One total over the days of the period (ECharts bars, one per day in the user's zone), with the
// values read out for screen readers beside it: the picture is for the eye, the table for the ear.
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { zoned } from '../../../components/zone';
import { useEChart } from '../../../components/useEChart';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface DayValue {
  /** the day's midnight, ISO */
  date: string;
  value: number;
}

interface Props {
  label: string;
  values: readonly DayValue[];
  colour: string;
  format: (v: number) => string;
  height?: number;
}

export const dayLabel = (date: string, many: boolean) =>
  zoned(date).format(many ? 'D MMM' : 'ddd D MMM');

export default function DayChart({ label, values, colour, format, height = 90 }: Props) {
  const { ref, chart } = useEChart();

  useEffect(() => {
    const many = values.length > 7;
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 4, right: 4, top: 8, bottom: 18 },
        tooltip: {
          trigger: 'axis',
          confine: true,
          valueFormatter: (v: unknown) => format(Number(v)),
        },
        xAxis: {
          type: 'category',
          data: values.map((v) => dayLabel(v.date, many)),
          axisTick: { show: false },
          axisLabel: { fontSize: 10, color: '#595959', hideOverlap: true },
          axisLine: { lineStyle: { color: '#d9d9d9' } },
        },
        yAxis: { type: 'value', show: false, minInterval: 1 },
        series: [
          {
            name: label,
            type: 'bar',
            data: values.map((v) => v.value),
            itemStyle: { color: colour, borderRadius: [2, 2, 0, 0] },
            barMaxWidth: 28,
          },
        ],
      },
      true,
    );
    chart.current?.resize();
  }, [values, colour, label, format]);

  return (
    <figure className="day-chart">
      <div ref={ref} style={{ height }} aria-hidden="true" data-testid="day-chart" />
      <figcaption className="visually-hidden">
        <table>
          <caption>{label} per day</caption>
          <tbody>
            {values.map((v) => (
              <tr key={v.date}>
                <th scope="row">{dayLabel(v.date, false)}</th>
                <td>{format(v.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
