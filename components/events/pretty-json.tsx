import styles from "./events.module.css";

/** A JSON value indented for reading, in a region that scrolls when long. */
export function PrettyJson({ value, label }: { value: unknown; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so that keyboards can scroll it
    <section className={styles.payload} aria-label={label} tabIndex={0}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}
