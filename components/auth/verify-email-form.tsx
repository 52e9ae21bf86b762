"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import ui from "../ui/ui.module.css";
import styles from "./auth.module.css";
import { postFromPage } from "./post-from-page";
import { SubmitButton } from "./submit-button";
import { useFragmentToken } from "./use-fragment-token";

/**
 * Verifies an email with the token of a mailed link, on a click (a mail scanner that opens the
 * link verifies nothing). The token is in the link's fragment, so it is in no request, log or
 * Referer until this form sends it.
 */
export function VerifyEmailForm() {
  const token = useFragmentToken();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setOutcome(await postFromPage("/api/email-verification", { token }));
    setPending(false);
  }

  if (outcome?.ok) {
    return (
      <main className={styles.card}>
        <h1 className={styles.title}>Email verified</h1>
        <p className={styles.subtitle} role="status">
          {outcome.message}
        </p>
        <p className={styles.switch}>
          <Link href="/console">Open the console</Link>
        </p>
      </main>
    );
  }
  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Verify your email</h1>
      {token === "" ? (
        <div className={ui.alert} role="alert">
          This page needs the link from the mail. Send a new one from your account page.
        </div>
      ) : null}
      {outcome ? (
        <div className={ui.alert} role="alert">
          {outcome.message}
        </div>
      ) : null}
      <form onSubmit={submit}>
        <SubmitButton pending={pending} blocked={!token}>
          {pending ? "Verifying…" : "Verify my email"}
        </SubmitButton>
      </form>
    </main>
  );
}
