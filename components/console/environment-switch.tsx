"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { environments, type TEnvironment } from "@/lib/environment";
import styles from "./shell.module.css";

const labels: Record<TEnvironment, string> = { sandbox: "Sandbox", production: "Production" };

/** The same section in the other environment (a detail page's id belongs to one environment). */
function pathIn(pathname: string, environment: TEnvironment) {
  const section = pathname.split("/")[3];
  return `/console/${environment}${section ? `/${section}` : ""}`;
}

export function EnvironmentSwitch({ current }: { current: TEnvironment }) {
  const pathname = usePathname();
  return (
    <nav className={styles.switch} aria-label="Environment">
      {environments.map((environment) => (
        <Link
          key={environment}
          href={pathIn(pathname, environment)}
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
