import Link from "next/link";
import ui from "../ui/ui.module.css";
import styles from "./site-not-found.module.css";

/** Any address the site has no page for. */
export function SiteNotFound() {
  return (
    <section className={styles.card} data-testid="site-not-found">
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>
        There is nothing at this address. It may have been mistyped, or the page has moved.
      </p>
      <div className={styles.actions}>
        <Link href="/" className={`${ui.button} ${ui.primary}`}>
          Go to the home page
        </Link>
        <Link href="/console" className={ui.button}>
          Open the console
        </Link>
      </div>
    </section>
  );
}
