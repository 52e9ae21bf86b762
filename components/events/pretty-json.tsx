import styles from "./events.module.css";

/** A JSON value indented for reading; a focusable region so that keyboards can scroll it. */
export function PrettyJson({ value, label }: { value: unknown; label: string }) {
  return (
    <section className={styles.payload} aria-label={label}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}
