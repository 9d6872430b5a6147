import { type HistoryRange, historyMessages, type ServiceHistory } from "@contracts/history.ts";
import type { Service } from "@contracts/services.ts";
import { Card, contractMessage, Skeleton, useLocale } from "@hosting-portal/shared-ui";
import { useMemo, useState } from "react";
import { messages, useT } from "../../../i18n";
import { useServiceHistory } from "../api/get-service-history";
import { type ChartSeries, HistoryChart } from "./history-chart";
import { fixed, formatGb } from "./live-stats";
import * as styles from "./service-history.css";
import * as shared from "./services.css";

type Key = Parameters<typeof messages.t>[0];
const RANGES: HistoryRange[] = ["hour", "day", "week"];
/** The range the panel opens with. */
export const FIRST_HISTORY_RANGE: HistoryRange = "hour";

/** The provider keeps figures only for a running VPS: the panel shows for an active one. */
export const showsHistory = (service: Service) =>
  service.service_type === "vps" && service.service_status === "active";
const rangeLabel = (range: HistoryRange): Key => `history.range.${range}`;

/** Network rates as the live panel shows them: Mbit/s. */
export const formatMbps = (bytesPerSecond: number) => {
  const mbps = (bytesPerSecond * 8) / 1_000_000;
  return messages.t("unit.mbps", { value: fixed(mbps, mbps < 10 ? 2 : 1) });
};
export const formatPercent = (v: number) => messages.t("unit.percent", { value: fixed(v, 1) });

/** Traffic as providers bill it: decimal units (French writes octets: ko, Mo, Go). */
export function formatTraffic(bytes: number): string {
  const units = ["unit.B", "unit.kB", "unit.MB", "unit.GB", "unit.TB"] as const;
  let v = bytes;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return messages.t(units[u]!, { value: u === 0 ? String(v) : fixed(v, v < 10 ? 2 : 1) });
}

/** The axis' and the table's times, in the page's language (Intl, like shared-ui's formatter). */
const timeFormat = (range: HistoryRange, locale: string) =>
  new Intl.DateTimeFormat(locale, {
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

function specs(h: ServiceHistory, t: typeof messages.t): ChartSpec[] {
  return [
    {
      title: t("history.cpu"),
      series: [{ name: t("history.cpu"), values: h.cpu_percent }],
      format: formatPercent,
      high: 100,
    },
    {
      title: t("history.memory"),
      series: [{ name: t("history.memoryUsed"), values: h.memory_used_bytes }],
      format: formatGb,
      high: Math.max(0, ...h.memory_total_bytes.map((v) => v ?? 0)) || undefined,
    },
    {
      title: t("history.network"),
      series: [
        { name: t("history.in"), values: h.net_in_bps },
        { name: t("history.out"), values: h.net_out_bps },
      ],
      format: formatMbps,
    },
  ];
}

/** The sentence a screen reader hears instead of the chart. */
function summaryOf(spec: ChartSpec, range: HistoryRange, t: typeof messages.t): string {
  const parts = spec.series.map((s) => {
    const sum = summarize(s.values);
    const summary = sum
      ? t("history.summary", {
          average: spec.format(sum.average),
          highest: spec.format(sum.highest),
          latest: spec.format(sum.latest),
        })
      : t("history.noSamples");
    return spec.series.length > 1
      ? t("history.seriesSummary", { series: s.name, summary })
      : summary;
  });
  return t("history.chartSummary", { range: t(rangeLabel(range)), parts: parts.join("; ") });
}

function Charts({ history }: { history: ServiceHistory }) {
  const t = useT();
  const locale = useLocale();
  const format = useMemo(() => timeFormat(history.range, locale), [history.range, locale]);
  const formatX = useMemo(() => (s: number) => format.format(new Date(s * 1000)), [format]);
  const charts = useMemo(() => specs(history, t), [history, t]);
  const from = Date.parse(history.from) / 1000;
  const to = Date.parse(history.to) / 1000;
  return (
    <div className={styles.charts}>
      {charts.map((spec) => (
        <figure key={spec.title} className={styles.figure}>
          <figcaption className={styles.caption}>
            <span className={styles.captionTitle}>{spec.title}</span>{" "}
            <span>{summaryOf(spec, history.range, t)}</span>
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
  const t = useT();
  const format = timeFormat(history.range, useLocale());
  const cell = (v: number | null, f: (v: number) => string) => (v === null ? "—" : f(v));
  return (
    <details>
      <summary>{t("history.showTable")}</summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable wants it */}
      <section className={styles.tableWrap} aria-label={t("history.dataLabel")} tabIndex={0}>
        <table className={styles.table}>
          <caption className={shared.srOnly}>{t(`history.caption.${history.range}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("history.time")}</th>
              <th scope="col">{t("history.cpu")}</th>
              <th scope="col">{t("history.memory")}</th>
              <th scope="col">{t("history.in")}</th>
              <th scope="col">{t("history.out")}</th>
            </tr>
          </thead>
          <tbody>
            {history.t.map((at, i) => (
              <tr key={at}>
                <th scope="row">{format.format(new Date(at * 1000))}</th>
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
  const t = useT();
  const month = new Intl.DateTimeFormat(useLocale(), { month: "long", year: "numeric" }).format(
    new Date(`${traffic.month}-15T00:00:00Z`),
  );
  return (
    <section aria-label={t("history.trafficLabel")}>
      <h3 className={styles.captionTitle}>{t("history.trafficIn", { month })}</h3>
      <dl className={styles.traffic}>
        <dt className={shared.term}>{t("history.in")}</dt>
        <dd className={shared.value}>{formatTraffic(traffic.in_bytes)}</dd>
        <dt className={shared.term}>{t("history.out")}</dt>
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
  const t = useT();
  const enabled = showsHistory(service);
  const [range, setRange] = useState<HistoryRange>(FIRST_HISTORY_RANGE);
  const { data, isError, isPending } = useServiceHistory(service.id, range, enabled);
  if (!enabled) return null;
  return (
    <Card
      className={shared.wide}
      as="section"
      title={contractMessage(historyMessages.title)}
      description={t("history.description")}
    >
      <div className={styles.body}>
        <fieldset className={styles.ranges}>
          <legend className={shared.srOnly}>{t("history.timeRange")}</legend>
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={styles.range}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {t(rangeLabel(r))}
            </button>
          ))}
        </fieldset>
        {isError && !data ? (
          <p className={shared.muted} role="status">
            {contractMessage(historyMessages.unavailable)}
          </p>
        ) : isPending || !data ? (
          <Skeleton height={200} />
        ) : (
          <>
            {data.t.length === 0 ? (
              <p className={shared.muted}>{contractMessage(historyMessages.empty)}</p>
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
