/**
 * ECharts with only the pieces the dashboard draws (pie, bar, tooltip, legend, grid, canvas), registered once.
 * This module is the lazily loaded chunk: pages import `LazyEChart` (below it, in lazy-echart.tsx), never this
 * file directly, so ECharts stays out of the first page load.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';

echarts.use([PieChart, BarChart, GridComponent, LegendComponent, TooltipComponent, TitleComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsOption;
  height: number;
  onClickIndex?: (dataIndex: number) => void;
}

export default function EChart({ option, height, onClickIndex }: EChartProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={{ height, width: '100%' }}
      notMerge
      lazyUpdate
      onEvents={onClickIndex ? { click: (p: { dataIndex: number }) => onClickIndex(p.dataIndex) } : undefined}
    />
  );
}
