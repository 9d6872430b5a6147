import { type HistoryRange, historyMessages, type ServiceHistory } from "@contracts/history.ts";
import type { Service } from "@contracts/services.ts";
import { Card, Skeleton } from "@hosting-portal/shared-ui";
import { useMemo, useState } from "react";
import { useServiceHistory } from "../api/get-service-history";
import { type ChartSeries, HistoryChart } from "./history-chart";
import { formatGb } from "./live-stats";
import * as styles from "./service-history.css";
import * as shared from "./services.css";

const RANGE_LABEL: Record<HistoryRange, string> = {
  hour: "Last hour",
  day: "Last day",
  week: "Last week",
};

/** Network rates as the live panel shows them: Mbit/s. */
export const formatMbps = (bytesPerSecond: number) => {
  const mbps = (bytesPerSecond * 8) / 1_000_000;
  return `${mbps < 10 ? mbps.toFixed(2) : mbps.toFixed(1)} Mbit/s`;
};
export const formatPercent = (v: number) => `${v.toFixed(1)} %`;

/** Traffic as providers bill it: decimal units. */
export function formatTraffic(bytes: number): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let v = bytes;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(v < 10 ? 2 : 1)} ${units[u]}`;
}

const timeFormat = (range: HistoryRange) =>
  new Intl.DateTimeFormat(undefined, {
    ...(range === "week" ? { weekday: "short" } : {}),
    hour: "2-digit",
    minute: "2-digit",
  });

/** Average, highest and latest of the sampled values (gaps left out), or null with none. */
export function summarize(values: (number | null)[]) {
  const seen = values.filter((v): v is number => v !== null);
  if (seen.length === 0) return null;
  return {
    average: seen.reduce((a, b) => a + b, 0) / seen.length,
    highest: Math.max(...seen),
    latest: seen[seen.length - 1]!,
  };
}

interface ChartSpec {
  title: string;
  series: ChartSeries[];
  format: (v: number) => string;
  high?: number;
}

function specs(h: ServiceHistory): ChartSpec[] {
  return [
    {
      title: "CPU",
      series: [{ name: "CPU", values: h.cpu_percent }],
      format: formatPercent,
      high: 100,
    },
    {
      title: "Memory",
      series: [{ name: "Memory used", values: h.memory_used_bytes }],
      format: formatGb,
      high: Math.max(0, ...h.memory_total_bytes.map((v) => v ?? 0)) || undefined,
    },
    {
      title: "Network",
      series: [
        { name: "In", values: h.net_in_bps },
        { name: "Out", values: h.net_out_bps },
      ],
      format: formatMbps,
    },
  ];
}

/** The sentence a screen reader hears instead of the chart. */
function summaryOf(spec: ChartSpec, range: HistoryRange): string {
  const parts = spec.series.map((s) => {
    const sum = summarize(s.values);
    const label = spec.series.length > 1 ? `${s.name}: ` : "";
    return sum
      ? `${label}average ${spec.format(sum.average)}, highest ${spec.format(sum.highest)}, latest ${spec.format(sum.latest)}`
      : `${label}no samples`;
  });
  return `${RANGE_LABEL[range]}: ${parts.join("; ")}.`;
}

function Charts({ history }: { history: ServiceHistory }) {
  const format = useMemo(() => timeFormat(history.range), [history.range]);
  const formatX = useMemo(() => (s: number) => format.format(new Date(s * 1000)), [format]);
  const charts = useMemo(() => specs(history), [history]);
  const from = Date.parse(history.from) / 1000;
  const to = Date.parse(history.to) / 1000;
  return (
    <div className={styles.charts}>
      {charts.map((spec) => (
        <figure key={spec.title} className={styles.figure}>
          <figcaption className={styles.caption}>
            <span className={styles.captionTitle}>{spec.title}</span>{" "}
            <span>{summaryOf(spec, history.range)}</span>
          </figcaption>
          {spec.series.length > 1 && (
            <div className={styles.legend} aria-hidden="true">
              <span>
                <span className={styles.swatchA}>■</span> {spec.series[0]!.name}
              </span>
              <span>
                <span className={styles.swatchB}>■</span> {spec.series[1]!.name}
              </span>
            </div>
          )}
          <HistoryChart
            t={history.t}
            series={spec.series}
            from={from}
            to={to}
            formatX={formatX}
            formatY={spec.format}
            high={spec.high}
          />
        </figure>
      ))}
    </div>
  );
}

/** Every point as a row: the graphs' data for anyone who cannot see them. */
function DataTable({ history }: { history: ServiceHistory }) {
  const format = timeFormat(history.range);
  const cell = (v: number | null, f: (v: number) => string) => (v === null ? "—" : f(v));
  return (
    <details>
      <summary>Show the data as a table</summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable wants it */}
      <section className={styles.tableWrap} aria-label="History data" tabIndex={0}>
        <table className={styles.table}>
          <caption className={shared.srOnly}>
            {`History, ${RANGE_LABEL[history.range].toLowerCase()}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">CPU</th>
              <th scope="col">Memory</th>
              <th scope="col">In</th>
              <th scope="col">Out</th>
            </tr>
          </thead>
          <tbody>
            {history.t.map((t, i) => (
              <tr key={t}>
                <th scope="row">{format.format(new Date(t * 1000))}</th>
                <td>{cell(history.cpu_percent[i] ?? null, formatPercent)}</td>
                <td>{cell(history.memory_used_bytes[i] ?? null, formatGb)}</td>
                <td>{cell(history.net_in_bps[i] ?? null, formatMbps)}</td>
                <td>{cell(history.net_out_bps[i] ?? null, formatMbps)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

function Traffic({ traffic }: { traffic: ServiceHistory["traffic"] }) {
  const month = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" }).format(
    new Date(`${traffic.month}-15T00:00:00Z`),
  );
  return (
    <section aria-label="Traffic this month">
      <h3 className={styles.captionTitle}>Traffic in {month}</h3>
      <dl className={styles.traffic}>
        <dt className={shared.term}>In</dt>
        <dd className={shared.value}>{formatTraffic(traffic.in_bytes)}</dd>
        <dt className={shared.term}>Out</dt>
        <dd className={shared.value}>{formatTraffic(traffic.out_bytes)}</dd>
      </dl>
    </section>
  );
}

/**
 * History of an active VPS: CPU, memory and network over the last hour, day or week from the
 * API's minute samples (read once a minute from the provider, whoever looks), and this month's
 * traffic. Each chart has a text summary, and the points a table, for screen readers.
 */
export function ServiceHistoryPanel({ service }: { service: Service }) {
  const enabled = service.service_type === "vps" && service.service_status === "active";
  const [range, setRange] = useState<HistoryRange>("hour");
  const { data, isError, isPending } = useServiceHistory(service.id, range, enabled);
  if (!enabled) return null;
  return (
    <Card
      className={shared.wide}
      as="section"
      title={historyMessages.title}
      description="Sampled from your server once a minute."
    >
      <div className={styles.body}>
        <fieldset className={styles.ranges}>
          <legend className={shared.srOnly}>Time range</legend>
          {(Object.keys(RANGE_LABEL) as HistoryRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className={styles.range}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {RANGE_LABEL[r]}
            </button>
          ))}
        </fieldset>
        {isError && !data ? (
          <p className={shared.muted} role="status">
            {historyMessages.unavailable}
          </p>
        ) : isPending || !data ? (
          <Skeleton height={200} />
        ) : (
          <>
            {data.t.length === 0 ? (
              <p className={shared.muted}>{historyMessages.empty}</p>
            ) : (
              <>
                <Charts history={data} />
                <DataTable history={data} />
              </>
            )}
            <Traffic traffic={data.traffic} />
          </>
        )}
      </div>
    </Card>
  );
}
