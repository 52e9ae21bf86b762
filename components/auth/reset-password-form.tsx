"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import ui from "../ui/ui.module.css";
import styles from "./auth.module.css";
import { postFromPage } from "./post-from-page";
import { SubmitButton } from "./submit-button";
import { useFragmentToken } from "./use-fragment-token";

/**
 * Chooses a new password with the token of a mailed link. The token is in the link's fragment,
 * so it is in no request, log or Referer until this form sends it.
 */
export function ResetPasswordForm() {
  const token = useFragmentToken();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const password = String(new FormData(event.currentTarget).get("password"));
    setOutcome(await postFromPage("/api/password-reset/confirm", { token, password }));
    setPending(false);
  }

  if (outcome?.ok) {
    return (
      <main className={styles.card}>
        <h1 className={styles.title}>Password changed</h1>
        <p className={styles.subtitle} role="status">
          {outcome.message} Every other session of this account has ended.
        </p>
        <p className={styles.switch}>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </main>
    );
  }
  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Choose a new password</h1>
      {token === "" ? (
        <div className={ui.alert} role="alert">
          This page needs the link from the mail. <Link href="/forgot-password">Ask for one</Link>.
        </div>
      ) : null}
      {outcome ? (
        <div className={ui.alert} role="alert">
          {outcome.message}
        </div>
      ) : null}
      <form onSubmit={submit}>
        <label className={ui.field}>
          <span className={ui.label}>New password</span>
          <input
            className={ui.input}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
          />
        </label>
        <SubmitButton pending={pending} blocked={!token}>
          {pending ? "Saving…" : "Set the password"}
        </SubmitButton>
      </form>
    </main>
  );
}
