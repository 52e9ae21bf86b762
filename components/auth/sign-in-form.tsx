"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { TWO_FACTOR_REQUIRED } from "@/lib/account/two-factor-required";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";
import styles from "./auth.module.css";
import { SubmitButton } from "./submit-button";

const providerLabels: Record<string, string> = { github: "GitHub" };

export function SignInForm({
  returnTo,
  providers,
  initialError,
}: {
  returnTo: string;
  providers: string[];
  initialError: string;
}) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  /** Once the password was right for an account with two-factor sign-in: ask for the code. */
  const [askCode, setAskCode] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const result = await signIn("credentials", {
      email: String(form.get("email")),
      password: String(form.get("password")),
      ...(askCode ? { code: String(form.get("code")) } : {}),
      redirect: false,
    });
    if (result?.ok) {
      router.replace(returnTo);
      router.refresh();
      return;
    }
    setPending(false);
    if (result?.error === TWO_FACTOR_REQUIRED) {
      setAskCode(true);
      return;
    }
    // next-auth reports a refused password as CredentialsSignin, and a throttled attempt by its message.
    setError(
      !result?.error || result.error === "CredentialsSignin"
        ? askCode
          ? "The email, password or code is not correct."
          : "The email or password is not correct."
        : result.error,
    );
  }

  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Sign in to the console</h1>
      <p className={styles.subtitle}>Manage API keys, agents and receipts.</p>
      {error ? (
        <div className={ui.alert} role="alert">
          {error}
        </div>
      ) : null}
      <form onSubmit={submit}>
        <label className={ui.field}>
          <span className={ui.label}>Email</span>
          <input className={ui.input} name="email" type="email" autoComplete="email" required />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Password</span>
          <input
            className={ui.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </label>
        {askCode ? (
          <label className={ui.field}>
            <span className={ui.label}>Two-factor code</span>
            <input
              className={ui.input}
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              placeholder="123456, or a recovery code"
              required
              // biome-ignore lint/a11y/noAutofocus: the field appears in answer to the submit
              autoFocus
            />
          </label>
        ) : null}
        <SubmitButton pending={pending}>{pending ? "Signing in…" : "Sign in"}</SubmitButton>
      </form>
      {providers.map((provider) => (
        <Button
          key={provider}
          className={styles.submit}
          onClick={() => signIn(provider, { callbackUrl: returnTo })}
        >
          Continue with {providerLabels[provider] ?? provider}
        </Button>
      ))}
      <p className={styles.switch}>
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p className={styles.switch}>
        New here? <Link href="/sign-up">Create an account</Link>
      </p>
    </main>
  );
}
