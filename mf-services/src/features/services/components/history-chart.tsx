import { type AxisOptions, FixedScaleAxis, LineChart } from "chartist";
import "chartist/dist/index.css";
import { useEffect, useRef } from "react";
import * as styles from "./service-history.css";

export interface ChartSeries {
  name: string;
  values: (number | null)[];
}

export interface HistoryChartProps {
  /** Unix seconds, one per value of each series. */
  t: number[];
  series: ChartSeries[];
  /** The x axis' ends (Unix seconds): the whole range, even where nothing was sampled yet. */
  from: number;
  to: number;
  formatX: (seconds: number) => string;
  formatY: (value: number) => string;
  /** A fixed top of the y axis (CPU: 100 %); otherwise from the values. */
  high?: number;
}

/**
 * One line chart (Chartist: SVG, about 9 kB gzipped; chosen over uPlot's 23 kB for the page's
 * size). Hidden from screen readers: the panel gives each chart a text summary and a table.
 * Drawn in an effect because Chartist owns its element's children; redrawn when the data change.
 */
export function HistoryChart({ t, series, from, to, formatX, formatY, high }: HistoryChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new LineChart(
      ref.current,
      {
        series: series.map((s) => ({
          name: s.name,
          // A null value is a gap in the line (the server was not sampled then).
          data: t.map((x, i) => ({ x, y: s.values[i] ?? undefined })),
        })),
      },
      {
        height: 160,
        showPoint: false,
        lineSmooth: false,
        showArea: true,
        fullWidth: true,
        chartPadding: { top: 8, right: 12, bottom: 0, left: 4 },
        // `divisions` is a FixedScaleAxis option its types leave out.
        axisX: {
          type: FixedScaleAxis,
          low: from,
          high: to,
          divisions: 4,
          labelInterpolationFnc: (v: number | string) => formatX(Number(v)),
        } as AxisOptions,
        axisY: {
          low: 0,
          ...(high === undefined ? {} : { high }),
          offset: 64,
          labelInterpolationFnc: (v: number | string) => formatY(Number(v)),
        },
      },
    );
    return () => {
      chart.detach();
    };
  }, [t, series, from, to, formatX, formatY, high]);
  return <div ref={ref} className={styles.chart} aria-hidden="true" />;
}
