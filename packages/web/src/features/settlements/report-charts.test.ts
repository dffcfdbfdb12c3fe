import { describe, expect, it } from 'vitest';
import { barOption, pieOption, questionOption } from './report-charts';

const data = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ name: `推广产品名称很长的第${index}个`, value: index }));

describe('report charts', () => {
  it('add a slider past 10 bars, and past 6 for the horizontal person bars', () => {
    expect(barOption(data(10)).dataZoom).toEqual([]);
    expect(barOption(data(11)).dataZoom).toHaveLength(1);
    expect(barOption(data(6), { horizontal: true }).dataZoom).toEqual([]);
    expect(barOption(data(7), { horizontal: true }).dataZoom).toHaveLength(1);
  });

  it('cut axis labels at 8 characters and use the ten-colour palette', () => {
    const option = barOption(data(2)) as {
      xAxis: { axisLabel: { formatter(label: string): string } };
      color: string[];
    };
    expect(option.xAxis.axisLabel.formatter('推广产品名称很长的第0个')).toBe('推广产品名称很长...');
    expect(option.color).toHaveLength(10);
  });

  it('rotate the questionnaire charts: pie, vertical bars, horizontal bars', () => {
    const kinds = [0, 1, 2, 3].map((index) => {
      const option = questionOption(index, data(3)) as { series: Array<{ type: string }>; yAxis?: { type: string } };
      return option.series[0].type === 'pie' ? 'pie' : option.yAxis?.type === 'category' ? 'horizontal' : 'vertical';
    });
    expect(kinds).toEqual(['pie', 'vertical', 'horizontal', 'pie']);
    expect((pieOption(data(2)) as { series: Array<{ data: unknown[] }> }).series[0].data).toHaveLength(2);
  });
});
