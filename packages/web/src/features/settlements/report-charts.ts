/**
 * The report's charts (spec 2 §2.5, §9): a palette of 10 colours, labels cut at 8 characters, a
 * slider past 10 bars (6 for the person bars), tooltips in yuan where the figure is money.
 */
import { CHART, cutChartLabel, needsChartSlider } from '@fieldpay/domain';
import type { ChartOption } from '../../components/EChart';

const REPORT_PALETTE = [...CHART.palette];

/** Labels longer than 8 characters are cut (the dashboard's rule). */
export const cutLabel = cutChartLabel;

export interface ChartDatum {
  name: string;
  value: number;
  /** yuan text shown in the tooltip */
  amount?: string;
}

const tooltipOf = (unit: string) => ({
  trigger: 'item' as const,
  formatter: (params: unknown) => {
    const { name, value, data } = params as { name: string; value: number; data: ChartDatum };
    return `${name}<br/>${value}${unit}${data.amount !== undefined ? `<br/>¥${data.amount}` : ''}`;
  },
});

export function pieOption(data: ChartDatum[], unit = '次'): ChartOption {
  return {
    color: REPORT_PALETTE,
    tooltip: tooltipOf(unit),
    legend: { bottom: 0, formatter: (name: string) => cutLabel(name) },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: {
          formatter: (params: { name: string; percent?: number }) => `${cutLabel(params.name)} ${params.percent ?? 0}%`,
        },
        data,
      },
    ],
  };
}

export function barOption(data: ChartDatum[], options: { horizontal?: boolean; unit?: string } = {}): ChartOption {
  const { horizontal = false, unit = '次' } = options;
  const names = data.map((datum) => datum.name);
  const sliderPast = horizontal ? CHART.sliderAbovePersonBars : CHART.sliderAboveBars;
  const slider = needsChartSlider(data.length, horizontal ? 'person' : 'default');
  const category = { type: 'category' as const, data: names, axisLabel: { formatter: cutLabel, interval: 0 } };
  const value = { type: 'value' as const, minInterval: 1 };
  return {
    color: REPORT_PALETTE,
    tooltip: tooltipOf(unit),
    grid: {
      left: horizontal ? 110 : 40,
      right: 40,
      top: 20,
      bottom: slider ? 60 : 40,
      containLabel: false,
    },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    dataZoom: slider
      ? [
          horizontal
            ? { type: 'slider', yAxisIndex: 0, startValue: 0, endValue: sliderPast - 1, right: 8, width: 16 }
            : { type: 'slider', xAxisIndex: 0, startValue: 0, endValue: sliderPast - 1, bottom: 8 },
        ]
      : [],
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        colorBy: 'data',
        label: { show: true, position: horizontal ? 'right' : 'top' },
        data,
      },
    ],
  };
}

/** The questionnaire's charts rotate: pie, vertical bar, horizontal bar. */
export function questionOption(index: number, data: ChartDatum[]): ChartOption {
  const kind = index % 3;
  if (kind === 0) return pieOption(data);
  return barOption(data, { horizontal: kind === 2 });
}
