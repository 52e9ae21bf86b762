import type { ReactNode } from "react";
import styles from "./ui.module.css";

export type TBadgeTone = "neutral" | "success" | "warning" | "danger" | "accent" | "sandbox";

export function Badge({ tone = "neutral", children }: { tone?: TBadgeTone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
