"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import ui from "../ui/ui.module.css";
import styles from "./auth.module.css";
import { SubmitButton } from "./submit-button";

type TFailure = { message: string; param?: string };

const fields = [
  { name: "name", label: "Your name", type: "text", autoComplete: "name" },
  { name: "email", label: "Work email", type: "email", autoComplete: "email" },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    hint: "At least 10 characters.",
  },
  { name: "organizationName", label: "Organization", type: "text", autoComplete: "organization" },
] as const;

export function SignUpForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<TFailure>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setPending(true);
    setFailure(undefined);
    const response = await fetch("/api/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(form),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: TFailure };
      setFailure(body.error ?? { message: `Sign-up failed (${response.status}).` });
      setPending(false);
      return;
    }
    const result = await signIn("credentials", {
      email: form.email,
      password: form.password,
      redirect: false,
    });
    if (!result?.ok) {
      setFailure({ message: "Your account exists, but signing in failed. Try signing in." });
      setPending(false);
      return;
    }
    router.replace("/console/sandbox");
    router.refresh();
  }

  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Create your account</h1>
      <p className={styles.subtitle}>
        You get an organization on the free plan, with a sandbox to try everything.
      </p>
      {failure && !failure.param ? (
        <div className={ui.alert} role="alert">
          {failure.message}
        </div>
      ) : null}
      <form onSubmit={submit} noValidate={false}>
        {fields.map((field) => (
          <label key={field.name} className={ui.field}>
            <span className={ui.label}>{field.label}</span>
            <input
              className={ui.input}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              minLength={field.name === "password" ? 10 : undefined}
              maxLength={200}
              aria-invalid={failure?.param === field.name || undefined}
            />
            {failure?.param === field.name ? (
              <span className={ui.fieldError} role="alert">
                {failure.message}
              </span>
            ) : "hint" in field ? (
              <span className={ui.hint}>{field.hint}</span>
            ) : null}
          </label>
        ))}
        <SubmitButton pending={pending}>
          {pending ? "Creating account…" : "Create account"}
        </SubmitButton>
      </form>
      <p className={styles.switch}>
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </main>
  );
}
