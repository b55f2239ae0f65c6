/** The ECharts chunk, loaded on first use; a skeleton of the same height holds the place meanwhile. */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { EChartProps } from './echart';

const EChart = lazy(() => import('./echart'));

export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
