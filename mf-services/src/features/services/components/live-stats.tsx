import { type Service, type ServiceStats, serviceMessages } from "@contracts/services.ts";
import {
  Badge,
  type BadgeTone,
  Card,
  contractMessage,
  formatNumber,
  Meter,
  Skeleton,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { messages, useT } from "../../../i18n";
import { useServiceStats } from "../api/get-service-stats";
import * as styles from "./services.css";

/** The Network in bar's full scale: the servers' 1 Gbit/s uplink. */
const NETWORK_MAX_MBPS = 1_000;
const GIB = 1024 ** 3;
/**
 * The provider's figure does not exist (its API has none): said instead of a made-up bar. The
 * English text (the tests' reference); the page shows `stats.notReported` of its language.
 */
export const NOT_REPORTED = "Not reported by the provider";

/**
 * A figure with a fixed number of decimals in the page's language ("1.5" / "1,5"), without
 * grouping, so English reads as toFixed did.
 */
export const fixed = (value: number, digits: number) =>
  formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });

/** Bytes as the product pages write memory sizes: GB with one decimal (binary, like "4 GB" of RAM). */
export const formatGb = (bytes: number) => messages.t("unit.gb", { value: fixed(bytes / GIB, 1) });

/** "2 d 5 h", "3 h 12 min", "7 min" (in the page's language). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return messages.t("uptime.days", { days, hours });
  if (hours > 0) return messages.t("uptime.hours", { hours, minutes });
  return messages.t("uptime.minutes", { minutes });
}

/**
 * Incoming traffic in Mbit/s between two samples. The provider gives cumulative byte counters,
 * so a rate needs two of them and the time between (the provider's `fetched_at`, not when the
 * answers arrived). Null without an earlier sample, or when the counter went back (it restarts
 * from zero with the server).
 */
export function networkInMbps(
  previous: ServiceStats | undefined,
  current: ServiceStats,
): number | null {
  if (previous?.net_in_bytes == null || current.net_in_bytes === null) return null;
  const seconds = (Date.parse(current.fetched_at) - Date.parse(previous.fetched_at)) / 1_000;
  const bytes = current.net_in_bytes - previous.net_in_bytes;
  if (!(seconds > 0) || bytes < 0) return null;
  return (bytes * 8) / 1_000_000 / seconds;
}

const powerTone = (state: string): BadgeTone =>
  state === "running" ? "success" : state === "stopped" ? "neutral" : "info";

/** A figure without a bar: the label, and a text where the value would be. */
function TextFigure({ label, text }: { label: string; text: string }) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span>{text}</span>
    </div>
  );
}

/** The provider's power states the customer meets; another one shows as the provider wrote it. */
const POWER_STATES = { running: "stats.running", stopped: "stats.stopped" } as const;

function Figures({ stats, networkIn }: { stats: ServiceStats; networkIn: number | null }) {
  const t = useT();
  const notReported = t("stats.notReported");
  const usedOf = (used: number, total: number) =>
    t("stats.usedOf", { used: formatGb(used), total: formatGb(total) });
  const powerState = POWER_STATES[stats.state as keyof typeof POWER_STATES];
  const memory =
    stats.memory_used_bytes !== null && stats.memory_total_bytes
      ? { used: stats.memory_used_bytes, total: stats.memory_total_bytes }
      : null;
  const disk =
    stats.disk_used_bytes !== null && stats.disk_total_bytes
      ? { used: stats.disk_used_bytes, total: stats.disk_total_bytes }
      : null;
  return (
    <>
      <dl className={styles.details}>
        <dt className={styles.term}>{t("stats.powerState")}</dt>
        <dd className={styles.value}>
          <Badge status={stats.state} tone={powerTone(stats.state)}>
            {powerState ? t(powerState) : undefined}
          </Badge>
        </dd>
        <dt className={styles.term}>{t("stats.uptime")}</dt>
        <dd className={styles.value}>
          {stats.uptime_seconds === null ? "—" : formatUptime(stats.uptime_seconds)}
        </dd>
      </dl>
      <div className={styles.stats}>
        {stats.cpu_percent === null ? (
          <TextFigure label={t("stats.cpu")} text={notReported} />
        ) : (
          <Meter label={t("stats.cpu")} value={stats.cpu_percent} minValue={0} maxValue={100} />
        )}
        {memory ? (
          <Meter
            label={t("stats.ram")}
            value={(memory.used / memory.total) * 100}
            minValue={0}
            maxValue={100}
            valueLabel={usedOf(memory.used, memory.total)}
          />
        ) : (
          <TextFigure label={t("stats.ram")} text={notReported} />
        )}
        {stats.net_in_bytes === null ? (
          <TextFigure label={t("stats.networkIn")} text={notReported} />
        ) : networkIn === null ? (
          <TextFigure label={t("stats.networkIn")} text={t("stats.measuring")} />
        ) : (
          <Meter
            label={t("stats.networkIn")}
            value={Math.min(networkIn, NETWORK_MAX_MBPS)}
            minValue={0}
            maxValue={NETWORK_MAX_MBPS}
            valueLabel={t("unit.mbps", { value: fixed(networkIn, 1) })}
            tone="primary"
          />
        )}
        {disk ? (
          <Meter
            label={t("stats.storage")}
            value={(disk.used / disk.total) * 100}
            minValue={0}
            maxValue={100}
            valueLabel={usedOf(disk.used, disk.total)}
          />
        ) : (
          <TextFigure label={t("stats.storage")} text={notReported} />
        )}
      </div>
    </>
  );
}

/** The last two distinct samples: the network rate is computed from them. */
interface Samples {
  previous?: ServiceStats;
  current?: ServiceStats;
}

/**
 * Live Statistics (SPEC §2, §9): the provider's figures of an active VPS, asked every 2 seconds
 * while the panel is on screen. The provider has none for a dedicated server.
 */
export function LiveStats({ service }: { service: Service }) {
  const t = useT();
  const polled = service.service_type === "vps" && service.service_status === "active";
  const { data, isError, isPending } = useServiceStats(service.id, polled);
  const [samples, setSamples] = useState<Samples>({});
  // A new sample moves the current one to `previous` (React's "information from previous
  // renders": set during render, no effect). An answer the API served from its short cache
  // carries the same fetched_at and is not a new sample.
  if (data && data.fetched_at !== samples.current?.fetched_at) {
    setSamples({ previous: samples.current, current: data });
  }
  const current = samples.current;

  return (
    <Card
      className={styles.wide}
      as="section"
      title={t("stats.title")}
      description={polled ? t("stats.description") : undefined}
    >
      {!polled ? (
        <p className={styles.muted}>{t("stats.notReported")}</p>
      ) : isError ? (
        // The query keeps polling: the bars come back with the next answer.
        <p className={styles.muted} role="status">
          {contractMessage(serviceMessages.statsUnavailable)}
        </p>
      ) : isPending || !current ? (
        <Skeleton height={160} />
      ) : (
        <Figures stats={current} networkIn={networkInMbps(samples.previous, current)} />
      )}
    </Card>
  );
}
