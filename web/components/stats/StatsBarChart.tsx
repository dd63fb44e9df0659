import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface StatsBarChartProps {
  /** Rows oldest first: the latest period is the rightmost bar */
  data: Record<string, string | number>[];
  /** The row field naming the period (axis and tooltip) */
  nameKey: string;
  /** The row field the bars show, and what the tooltip calls it */
  valueKey: string;
  valueLabel: string;
  /** The chart's accessible name and description (an SVG <title> and <desc>) */
  title: string;
  description: string;
  /** How the tooltip and the axis show a value ("12 h") */
  format?: (value: number) => string;
  height: number;
}

/**
 * One bar series over time (Mantine's BarChart on recharts). Its own chunk: the /stats page loads it
 * lazily, so recharts never weighs on the first visit of another page. Keyboard: the chart is one tab
 * stop (recharts' accessibility layer) whose arrow keys move the tooltip bar by bar; the section's
 * table view (ChartSection) gives screen readers the same figures.
 */
export function StatsBarChart({ data, nameKey, valueKey, valueLabel, title, description, format, height }: StatsBarChartProps) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={nameKey}
      series={[{ name: valueKey, label: valueLabel, color: 'pink.6' }]}
      valueFormatter={format}
      tickLine="y"
      gridAxis="y"
      barChartProps={{ title, desc: description }}
      xAxisProps={{ minTickGap: 16 }}
      yAxisProps={{ width: 44, allowDecimals: false }}
    />
  );
}
