import "@/components/theme.css";
import type { ReactNode } from "react";
import styles from "@/components/auth/auth.module.css";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <span className={styles.logo} aria-hidden>
          A
        </span>
        Agent Settlement Service
      </header>
      {children}
    </div>
  );
}
