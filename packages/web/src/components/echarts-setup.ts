/** ECharts through the tree-shaken `echarts/core`: bar and pie, their components, canvas renderer. */
import { BarChart, type BarSeriesOption, PieChart, type PieSeriesOption } from 'echarts/charts';
import {
  type DataZoomComponentOption,
  DataZoomSliderComponent,
  type GridComponentOption,
  GridComponent,
  type LegendComponentOption,
  LegendPlainComponent,
  type TooltipComponentOption,
  TooltipComponent,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the slider data zoom (spec 1 §9) and the plain legend: the scroll legend and inside zoom cost size.
use([
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendPlainComponent,
  DataZoomSliderComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;

export { init };
