"use client";

import { useState } from "react";
import { ConsoleApiError, consoleFetch } from "../console/api";
import { Button } from "../ui/button";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./account.module.css";

/** The account's email: verified since when, or a new verification link on request. */
export function EmailSection({ email, verifiedAt }: { email: string; verifiedAt: string | null }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [pending, setPending] = useState(false);

  async function mailLink() {
    setPending(true);
    try {
      await consoleFetch("/api/console/account/email-verification", { method: "POST", body: {} });
      setOutcome({ ok: true, message: `A new link is on its way to ${email}.` });
    } catch (failure) {
      setOutcome({
        ok: false,
        message:
          failure instanceof ConsoleApiError ? failure.message : "The console did not answer.",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="email">
      <h2 id="email" className={styles.heading}>
        Email
      </h2>
      {verifiedAt ? (
        <p data-testid="email-status">
          {email}, verified <Time value={verifiedAt} />.
        </p>
      ) : (
        <>
          <p data-testid="email-status">
            {email} is not verified yet: open the link we mailed to it. Until then you cannot invite
            teammates.
          </p>
          {outcome ? (
            <div
              className={outcome.ok ? ui.notice : ui.alert}
              role={outcome.ok ? "status" : "alert"}
            >
              {outcome.message}
            </div>
          ) : null}
          <div>
            <Button disabled={pending} onClick={mailLink}>
              Mail me a new link
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
