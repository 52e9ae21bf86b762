"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { type ReactNode, useEffect } from "react";
import { ENVIRONMENT_COOKIE } from "@/lib/console/environment-cookie";
import type { TEnvironment } from "@/lib/environment";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { Button } from "../ui/button";
import { EnvironmentSwitch } from "./environment-switch";
import { consoleNav } from "./nav";
import { NavIcon } from "./nav-icon";
import styles from "./shell.module.css";

const segments = consoleNav.flatMap((section) => section.items.map((item) => item.segment));

/** The current page's entry: the longest segment the path is in, so `team/audit` beats `team`. */
function isActive(pathname: string, base: string, segment: string) {
  if (segment === "") return pathname === base;
  const within = (candidate: string) =>
    candidate !== "" &&
    (pathname === `${base}/${candidate}` || pathname.startsWith(`${base}/${candidate}/`));
  return (
    within(segment) && !segments.some((other) => other.length > segment.length && within(other))
  );
}

export function Shell({
  member,
  environment,
  children,
}: {
  member: TConsoleMember;
  environment: TEnvironment;
  children: ReactNode;
}) {
  const pathname = usePathname();
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers
    document.cookie = `${ENVIRONMENT_COOKIE}=${environment}; path=/; max-age=31536000; samesite=lax`;
  }, [environment]);
  const base = `/console/${environment}`;
  return (
    <div className={styles.frame} data-environment={environment}>
      {environment === "sandbox" ? (
        <div className={styles.sandboxBanner} role="status" data-testid="sandbox-banner">
          <strong>Sandbox</strong> Test data only: keys start with <code>sk_test_</code>, and
          nothing here moves real money.
        </div>
      ) : null}
      <div className={styles.body}>
        <aside className={styles.sidebar}>
          <div className={styles.organization}>
            <span className={styles.logo} aria-hidden>
              {member.organization.name.slice(0, 1).toUpperCase()}
            </span>
            <div className={styles.organizationText}>
              <span className={styles.organizationName} data-testid="organization-name">
                {member.organization.name}
              </span>
              <span className={styles.plan}>{member.organization.plan} plan</span>
            </div>
          </div>
          <nav aria-label="Console">
            {consoleNav.map((section) => (
              <div key={section.title} className={styles.navSection}>
                <div className={styles.navTitle}>{section.title}</div>
                {section.items.map((item) => {
                  const href = item.segment ? `${base}/${item.segment}` : base;
                  return (
                    <Link
                      key={item.segment}
                      href={href}
                      className={styles.navLink}
                      aria-current={isActive(pathname, base, item.segment) ? "page" : undefined}
                    >
                      <NavIcon name={item.icon} />
                      {item.label}
                    </Link>
                  );
                })}
              </div>
            ))}
          </nav>
          <div className={styles.account}>
            <div className={styles.accountText}>
              <span className={styles.accountName}>{member.user.name ?? member.user.email}</span>
              <span className={styles.accountEmail}>{member.user.email}</span>
            </div>
            <Button
              variant="ghost"
              size="small"
              onClick={() => signOut({ callbackUrl: "/sign-in" })}
            >
              Sign out
            </Button>
          </div>
        </aside>
        <div className={styles.main}>
          <header className={styles.topbar}>
            <a href="/docs/api" className={styles.docsLink}>
              API reference ↗
            </a>
            <EnvironmentSwitch current={environment} />
          </header>
          <main className={styles.content}>{children}</main>
        </div>
      </div>
    </div>
  );
}
