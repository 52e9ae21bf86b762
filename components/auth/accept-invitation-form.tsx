"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import ui from "../ui/ui.module.css";
import { SubmitButton } from "./submit-button";

type TFailure = { message: string; param?: string };

/** Where the invitation page keeps its link's token in this tab while the invitee signs in. */
export const INVITATION_TOKEN_KEY = "invitation-token";

/**
 * Accepts an invitation: `create` makes a new account for the invitation's email (then signs
 * in), `join` adds the organization to the signed-in account's.
 */
export function AcceptInvitationForm({
  token,
  email,
  mode,
}: {
  token: string;
  email: string;
  mode: "create" | "join";
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<TFailure>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setPending(true);
    setFailure(undefined);
    const account = mode === "create" ? { name: form.name, password: form.password } : undefined;
    const response = await fetch("/api/invitations/accept", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, account }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: TFailure };
      setFailure(body.error ?? { message: `Accepting failed (${response.status}).` });
      setPending(false);
      return;
    }
    if (account) {
      const result = await signIn("credentials", {
        email,
        password: account.password,
        redirect: false,
      });
      if (!result?.ok) {
        setFailure({ message: "You joined, but signing in failed. Try signing in." });
        setPending(false);
        return;
      }
    }
    sessionStorage.removeItem(INVITATION_TOKEN_KEY);
    router.replace("/console/sandbox");
    router.refresh();
  }

  const fieldError = (name: string) =>
    failure?.param?.endsWith(name) ? (
      <span className={ui.fieldError} role="alert">
        {failure.message}
      </span>
    ) : null;

  return (
    <form onSubmit={submit}>
      {failure && !fieldError("name") && !fieldError("password") ? (
        <div className={ui.alert} role="alert">
          {failure.message}
        </div>
      ) : null}
      {mode === "create" ? (
        <>
          <label className={ui.field}>
            <span className={ui.label}>Email</span>
            <input className={ui.input} value={email} readOnly autoComplete="email" />
          </label>
          <label className={ui.field}>
            <span className={ui.label}>Your name</span>
            <input className={ui.input} name="name" autoComplete="name" required maxLength={200} />
            {fieldError("name")}
          </label>
          <label className={ui.field}>
            <span className={ui.label}>Password</span>
            <input
              className={ui.input}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={200}
            />
            {fieldError("password") ?? <span className={ui.hint}>At least 10 characters.</span>}
          </label>
        </>
      ) : null}
      <SubmitButton pending={pending}>
        {pending ? "Joining…" : mode === "create" ? "Create account and join" : "Join organization"}
      </SubmitButton>
    </form>
  );
}
