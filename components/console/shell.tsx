"use client";

import { type ReactNode, useEffect } from "react";
import { ENVIRONMENT_COOKIE } from "@/lib/console/environment-cookie";
import type { TEnvironment } from "@/lib/environment";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { EnvironmentSwitch } from "./environment-switch";
import { FailingWebhooksBanner } from "./failing-webhooks-banner";
import { IdSearch } from "./id-search";
import { NavDrawer } from "./nav-drawer";
import styles from "./shell.module.css";
import { SidebarContents } from "./sidebar-contents";
import { VerifyEmailBanner } from "./verify-email-banner";

export function Shell({
  member,
  environment,
  children,
}: {
  member: TConsoleMember;
  environment: TEnvironment;
  children: ReactNode;
}) {
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers
    document.cookie = `${ENVIRONMENT_COOKIE}=${environment}; path=/; max-age=31536000; samesite=lax`;
  }, [environment]);
  const sidebar = <SidebarContents member={member} environment={environment} />;
  return (
    <div className={styles.frame} data-environment={environment}>
      {environment === "sandbox" ? (
        <div className={styles.sandboxBanner} role="status" data-testid="sandbox-banner">
          <strong>Sandbox</strong> Test data only: keys start with <code>sk_test_</code>, and
          nothing here moves real money.
        </div>
      ) : null}
      <div className={styles.body}>
        <aside className={styles.sidebar}>{sidebar}</aside>
        <div className={styles.main}>
          <header className={styles.topbar}>
            <NavDrawer>{sidebar}</NavDrawer>
            <IdSearch environment={environment} />
            <a href="/docs/api" className={styles.docsLink}>
              API<span className={styles.onWideScreens}> reference</span> ↗
            </a>
            <EnvironmentSwitch current={environment} />
          </header>
          <main className={styles.content}>
            {member.user.emailVerifiedAt ? null : (
              <VerifyEmailBanner email={member.user.email} environment={environment} />
            )}
            <FailingWebhooksBanner environment={environment} />
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
