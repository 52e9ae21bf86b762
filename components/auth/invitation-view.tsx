"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { refusals, type TInvitationState } from "@/lib/team/invitation-state";
import { AcceptInvitationForm, INVITATION_TOKEN_KEY } from "./accept-invitation-form";
import styles from "./auth.module.css";

type TInvitation = {
  state: TInvitationState;
  email: string;
  role: string;
  organizationName: string;
  accountExists: boolean;
  signedInAs: { email: string; organizationName: string } | null;
};

type TView =
  | { kind: "loading" }
  | { kind: "refused"; title: string; message: string }
  | { kind: "open"; token: string; invitation: TInvitation };

const notFound: TView = {
  kind: "refused",
  title: "Invitation not found",
  message:
    "This invitation link is not valid. Check that you copied all of it, or ask for a new one.",
};

/**
 * The token of the link being opened: its fragment (`/invitations#invite_…`), which the
 * browser never sends to any server, or the one kept in this tab while the invitee signed in.
 */
function linkToken(): string {
  const fromFragment = window.location.hash.slice(1);
  if (fromFragment) sessionStorage.setItem(INVITATION_TOKEN_KEY, fromFragment);
  return fromFragment || sessionStorage.getItem(INVITATION_TOKEN_KEY) || "";
}

async function lookUp(token: string): Promise<TView> {
  if (!token) return notFound;
  const response = await fetch("/api/invitations/lookup", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (response.status === 400 || response.status === 404) return notFound;
  if (!response.ok) {
    return {
      kind: "refused",
      title: "The invitation could not be opened",
      message: `The service answered ${response.status}. Try again in a moment.`,
    };
  }
  const invitation = (await response.json()) as TInvitation;
  if (invitation.state !== "pending") {
    return {
      kind: "refused",
      title: "This link no longer works",
      message: refusals[invitation.state],
    };
  }
  return { kind: "open", token, invitation };
}

/** An invitation link's page: who invites whom, and the way to accept that fits the visitor. */
export function InvitationView() {
  const [view, setView] = useState<TView>({ kind: "loading" });
  useEffect(() => {
    lookUp(linkToken()).then(setView, () =>
      setView({
        kind: "refused",
        title: "The invitation could not be opened",
        message: "The service could not be reached. Check your connection and reload.",
      }),
    );
  }, []);

  if (view.kind === "loading") {
    return (
      <main className={styles.card} aria-busy="true">
        <h1 className={styles.title}>Opening the invitation…</h1>
      </main>
    );
  }
  if (view.kind === "refused") {
    return (
      <main className={styles.card} data-testid="invitation-refused">
        <h1 className={styles.title}>{view.title}</h1>
        <p className={styles.subtitle}>{view.message}</p>
        <p className={styles.switch}>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </main>
    );
  }
  const { token, invitation } = view;
  const signedIn = invitation.signedInAs;
  const signedInAsInvitee = signedIn?.email === invitation.email;
  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Join {invitation.organizationName}</h1>
      <p className={styles.subtitle}>
        You are invited as <strong>{invitation.role}</strong>, with the email {invitation.email}.
      </p>
      {signedIn && !signedInAsInvitee ? (
        <p className={styles.subtitle} role="alert">
          You are signed in as {signedIn.email}. Sign out, then open this link again to accept as{" "}
          {invitation.email}.
        </p>
      ) : signedIn ? (
        <>
          <p className={styles.subtitle}>
            Your account joins {invitation.organizationName} and stays in{" "}
            {signedIn.organizationName}: switch between them from the console's sidebar.
          </p>
          <AcceptInvitationForm token={token} email={invitation.email} mode="join" />
        </>
      ) : invitation.accountExists ? (
        <p className={styles.subtitle}>
          {invitation.email} already has an account.{" "}
          {/* The token stays in this tab (sessionStorage), never in the sign-in URL. */}
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent("/invitations")}`}>Sign in</Link>{" "}
          to accept.
        </p>
      ) : (
        <AcceptInvitationForm token={token} email={invitation.email} mode="create" />
      )}
    </main>
  );
}
