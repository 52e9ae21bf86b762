import type { ReactNode } from "react";
import { Button } from "./button";
import styles from "./ui.module.css";

export function EmptyState({
  icon = "○",
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.state} data-testid="empty-state">
      <div className={styles.stateIcon} aria-hidden>
        {icon}
      </div>
      <p className={styles.stateTitle}>{title}</p>
      {children ? <p className={styles.stateText}>{children}</p> : null}
      {action}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <div className={`${styles.stateIcon} ${styles.errorIcon}`} aria-hidden>
        !
      </div>
      <p className={styles.stateTitle}>Could not load this</p>
      <p className={styles.stateText}>{error.message}</p>
      {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
    </div>
  );
}

/** Placeholder rows in the shape of the table that is loading. */
export function LoadingRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <tr key={row} aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <td key={column}>
              <div
                className={styles.skeleton}
                style={{ width: `${50 + ((row + column) % 3) * 15}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The empty state of a filtered list that found nothing. */
export const NoMatches = ({ things, icon }: { things: string; icon?: ReactNode }) => (
  <EmptyState icon={icon} title={`No ${things} match these filters`}>
    Change or clear the filters.
  </EmptyState>
);
