"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import ui from "../ui/ui.module.css";
import styles from "./auth.module.css";
import { postFromPage } from "./post-from-page";
import { SubmitButton } from "./submit-button";

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const email = String(new FormData(event.currentTarget).get("email"));
    setOutcome(await postFromPage("/api/password-reset", { email }));
    setPending(false);
  }

  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Reset your password</h1>
      <p className={styles.subtitle}>We mail a link that lets you choose a new one.</p>
      {outcome ? (
        <div className={outcome.ok ? ui.notice : ui.alert} role={outcome.ok ? "status" : "alert"}>
          {outcome.message}
        </div>
      ) : null}
      <form onSubmit={submit}>
        <label className={ui.field}>
          <span className={ui.label}>Email</span>
          <input className={ui.input} name="email" type="email" autoComplete="email" required />
        </label>
        <SubmitButton pending={pending}>{pending ? "Sending…" : "Mail me a link"}</SubmitButton>
      </form>
      <p className={styles.switch}>
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </main>
  );
}
