import type { ReactNode } from "react";
import ui from "../ui/ui.module.css";
import styles from "./detail-list.module.css";

/** A label/value row of a detail page. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function DetailList({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <dl className={styles.details} aria-busy={busy}>
      {children}
    </dl>
  );
}

export const none = <span className={ui.muted}>None</span>;
