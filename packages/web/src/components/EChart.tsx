/**
 * A chart drawn with ECharts. The library (tree-shaken `echarts/core`, see echarts-setup.ts) is
 * its own chunk, loaded when the first chart mounts, so pages render their figures without waiting.
 */
import { Skeleton } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { ChartOption } from './echarts-setup';

export type { ChartOption } from './echarts-setup';

export function EChart({ option, style, label }: { option: ChartOption; style?: CSSProperties; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void import('./echarts-setup').then(({ init }) => {
      if (disposed || !element.current) return;
      const chart = init(element.current);
      chart.setOption(option);
      setReady(true);
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(element.current);
      cleanup = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [option]);
  return (
    <div style={{ position: 'relative', width: '100%', height: 320, ...style }}>
      {!ready && <Skeleton active paragraph={{ rows: 7 }} style={{ position: 'absolute', inset: 0 }} />}
      <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
