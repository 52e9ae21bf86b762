"use client";

import { useRouter } from "next/navigation";
import { type ComponentProps, type FormEvent, useState } from "react";
import { ConsoleApiError, consoleFetch } from "../console/api";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./account.module.css";
import { EmailSection } from "./email-section";
import { OrganizationsSection } from "./organizations-section";
import { SessionsSection } from "./sessions-section";

type TTwoFactor = { enabledAt: string | null; available: boolean };
type TSetup = { secret: string; uri: string };

/**
 * The signed-in account: its email, its organizations, two-factor sign-in (TOTP with recovery
 * codes) and where it is signed in.
 */
export function AccountPage({
  email,
  emailVerifiedAt,
  twoFactor,
  organizations,
}: {
  email: string;
  emailVerifiedAt: string | null;
  twoFactor: TTwoFactor;
  organizations: ComponentProps<typeof OrganizationsSection>;
}) {
  const router = useRouter();
  const [setup, setSetup] = useState<TSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    setPending(true);
    setError(undefined);
    try {
      return await action();
    } catch (failure) {
      setError(
        failure instanceof ConsoleApiError ? failure.message : "The console did not answer.",
      );
      return undefined;
    } finally {
      setPending(false);
    }
  }

  const codeOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return String(new FormData(event.currentTarget).get("code"));
  };

  async function confirm(event: FormEvent<HTMLFormElement>) {
    const code = codeOf(event);
    const done = await run(() =>
      consoleFetch<{ recoveryCodes: string[] }>("/api/console/account/two-factor/confirm", {
        method: "POST",
        body: { code },
      }),
    );
    if (done) {
      setSetup(undefined);
      setRecoveryCodes(done.recoveryCodes);
      router.refresh();
    }
  }

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    const code = codeOf(event);
    const done = await run(() =>
      consoleFetch("/api/console/account/two-factor/disable", { method: "POST", body: { code } }),
    );
    if (done) router.refresh();
  }

  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${email}.`} />
      <EmailSection email={email} verifiedAt={emailVerifiedAt} />
      <OrganizationsSection {...organizations} />
      <section className={`${ui.card} ${styles.section}`} aria-labelledby="two-factor">
        <h2 id="two-factor" className={styles.heading}>
          Two-factor sign-in
        </h2>
        {error ? (
          <div className={ui.alert} role="alert">
            {error}
          </div>
        ) : null}
        {recoveryCodes ? (
          <div className={ui.notice} role="status">
            <p>
              Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs in once
              without your phone, and they are not shown again.
            </p>
            <ul className={styles.codes} data-testid="recovery-codes">
              {recoveryCodes.map((code) => (
                <li key={code} className={ui.mono}>
                  {code}
                </li>
              ))}
            </ul>
            <CopyButton value={recoveryCodes.join("\n")} label="Copy the codes" />
          </div>
        ) : null}
        {twoFactor.enabledAt ? (
          <form onSubmit={turnOff}>
            <p>
              On since <Time value={twoFactor.enabledAt} />. Signing in asks for a code from your
              authenticator app, or a recovery code.
            </p>
            <label className={ui.field}>
              <span className={ui.label}>A current code, to turn it off</span>
              <input className={ui.input} name="code" autoComplete="one-time-code" required />
            </label>
            <Button type="submit" variant="danger" disabled={pending}>
              Turn off
            </Button>
          </form>
        ) : !twoFactor.available ? (
          <p>This account signs in with GitHub: turn on two-factor sign-in at GitHub.</p>
        ) : setup ? (
          <form onSubmit={confirm}>
            <p>
              Add this account to an authenticator app: open the link on the phone, or type the
              secret. Then enter the code it shows.
            </p>
            <p>
              <a href={setup.uri}>Open in an authenticator app</a>
            </p>
            <div className={ui.secretBox}>
              <span className={ui.secretValue} data-testid="totp-secret">
                {setup.secret}
              </span>
              <CopyButton value={setup.secret} />
            </div>
            <label className={ui.field}>
              <span className={ui.label}>Code from the app</span>
              <input
                className={ui.input}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
              />
            </label>
            <Button type="submit" variant="primary" disabled={pending}>
              Turn on
            </Button>
          </form>
        ) : (
          <>
            <p>Off. With it on, signing in also asks for a code from an authenticator app.</p>
            <Button
              variant="primary"
              disabled={pending}
              onClick={async () => {
                const started = await run(() =>
                  consoleFetch<TSetup>("/api/console/account/two-factor", {
                    method: "POST",
                    body: {},
                  }),
                );
                if (started) setSetup(started);
              }}
            >
              Set up two-factor sign-in
            </Button>
          </>
        )}
      </section>
      <SessionsSection />
    </>
  );
}
