"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import type { TEnvironment } from "@/lib/environment";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { Button } from "../ui/button";
import { consoleFetch } from "./api";
import { consoleNav } from "./nav";
import { NavIcon } from "./nav-icon";
import { OrganizationSwitch } from "./organization-switch";
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

/** The organization (and a switch), the console's sections and the account: the sidebar, or the drawer when narrow. */
export function SidebarContents({
  member,
  environment,
}: {
  member: TConsoleMember;
  environment: TEnvironment;
}) {
  const pathname = usePathname();
  const base = `/console/${environment}`;
  return (
    <>
      <OrganizationSwitch member={member} environment={environment} />
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
        <Button variant="ghost" size="small" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
          Sign out
        </Button>
        <Button
          variant="ghost"
          size="small"
          title="End every session of this account, on every device"
          onClick={async () => {
            await consoleFetch("/api/console/account/sign-out-everywhere", {
              method: "POST",
              body: {},
            });
            await signOut({ callbackUrl: "/sign-in" });
          }}
        >
          Sign out everywhere
        </Button>
      </div>
    </>
  );
}
