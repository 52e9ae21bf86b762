import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./site.module.css";

/** The public pages' frame: the brand, links to the docs and the console, and a footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          <span className={styles.logo} aria-hidden>
            A
          </span>
          Agent Settlement Service
        </Link>
        <nav className={styles.nav} aria-label="Site">
          {/* A full page load: the reference has its own styles. */}
          <a href="/docs/api" className={styles.navLink}>
            API reference
          </a>
          <Link href="/sign-in" className={styles.navLink}>
            Sign in
          </Link>
        </nav>
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        Agent Settlement Service · API at <code>/v1</code>, sandbox at <code>/sandbox/v1</code>
      </footer>
    </div>
  );
}
