import {
  Meter as AriaMeter,
  type MeterProps as AriaMeterProps,
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
  Label,
} from "react-aria-components";
import * as styles from "./Meter.css";

type Tone = keyof typeof styles.tone;

/** Above 85 % a meter turns red, above 70 % amber: a gauge (CPU, RAM) reads at a glance. */
function toneFor(percentage: number): Tone {
  if (percentage > 85) return "danger";
  if (percentage > 70) return "warning";
  return "primary";
}

export interface MeterProps extends Omit<AriaMeterProps, "className" | "children"> {
  label: string;
  tone?: Tone;
}

/** A gauge of a known quantity (CPU, RAM, storage usage). */
export function Meter({ label, tone, ...props }: MeterProps) {
  return (
    <AriaMeter {...props} className={styles.root}>
      {({ percentage, valueText }) => (
        <>
          <div className={styles.labelRow}>
            <Label className={styles.label}>{label}</Label>
            <span>{valueText}</span>
          </div>
          <div className={styles.track}>
            <div
              className={`${styles.fill} ${styles.tone[tone ?? toneFor(percentage)]}`}
              style={{ width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </AriaMeter>
  );
}

export interface ProgressBarProps extends Omit<AriaProgressBarProps, "className" | "children"> {
  label: string;
}

/** Progress of a task; isIndeterminate when the end is unknown. */
export function ProgressBar({ label, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar {...props} className={styles.root}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className={styles.labelRow}>
            <Label className={styles.label}>{label}</Label>
            {!isIndeterminate && <span>{valueText}</span>}
          </div>
          <div className={styles.track}>
            <div
              className={`${styles.fill} ${styles.tone.primary}`}
              style={{ width: isIndeterminate ? "40%" : `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
