import { Card, Meter } from "@hosting-portal/shared-ui";
import { useEffect, useState } from "react";
import * as styles from "./services.css";

/** SPEC §9: refreshed every 2 s; CPU clamped 10–90, RAM 20–95, storage 10–99 (percent). */
const REFRESH_MS = 2_000;
const NETWORK_MAX_MBPS = 1_000;

interface Stats {
  cpu: number;
  ram: number;
  networkIn: number;
  storage: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v)));
const drift = (v: number, step: number) => v + (Math.random() * 2 - 1) * step;

/** A random walk, so the bars move like a server's would rather than jumping at random. */
export function nextStats(s: Stats): Stats {
  return {
    cpu: clamp(drift(s.cpu, 12), 10, 90),
    ram: clamp(drift(s.ram, 5), 20, 95),
    networkIn: clamp(drift(s.networkIn, 80), 0, NETWORK_MAX_MBPS),
    // Disk usage creeps rather than swings.
    storage: clamp(drift(s.storage, 1), 10, 99),
  };
}

/**
 * Live Statistics. The provider exposes no metrics, so this is simulated in the browser (SPEC §2)
 * and says so on screen: nobody should read these bars as measurements.
 */
export function LiveStats() {
  const [stats, setStats] = useState<Stats>({ cpu: 35, ram: 48, networkIn: 220, storage: 41 });
  useEffect(() => {
    const timer = setInterval(() => setStats(nextStats), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card
      className={styles.wide}
      as="section"
      title="Live Statistics"
      description="Refreshes every 2 seconds."
      actions={
        <span className={styles.simulatedNote} data-testid="simulated-label">
          Simulated data, not measured from your server
        </span>
      }
    >
      <div className={styles.stats}>
        <Meter label="CPU" value={stats.cpu} minValue={0} maxValue={100} />
        <Meter label="RAM" value={stats.ram} minValue={0} maxValue={100} />
        <Meter
          label="Network in"
          value={stats.networkIn}
          minValue={0}
          maxValue={NETWORK_MAX_MBPS}
          valueLabel={`${stats.networkIn} Mbit/s`}
          tone="primary"
        />
        <Meter label="Storage" value={stats.storage} minValue={0} maxValue={100} />
      </div>
    </Card>
  );
}
