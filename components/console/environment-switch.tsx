"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { environments, type TEnvironment } from "@/lib/environment";
import { sectionPathIn } from "./section-path";
import styles from "./shell.module.css";

const labels: Record<TEnvironment, string> = { sandbox: "Sandbox", production: "Production" };

export function EnvironmentSwitch({ current }: { current: TEnvironment }) {
  const pathname = usePathname();
  return (
    <nav className={styles.switch} aria-label="Environment">
      {environments.map((environment) => (
        <Link
          key={environment}
          href={sectionPathIn(pathname, environment)}
          className={styles.switchOption}
          data-environment={environment}
          aria-current={environment === current ? "page" : undefined}
        >
          {labels[environment]}
        </Link>
      ))}
    </nav>
  );
}
