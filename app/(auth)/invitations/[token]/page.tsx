import Link from "next/link";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import styles from "@/components/auth/auth.module.css";
import { consoleMember } from "@/lib/console/session";
import { findInvitation } from "@/lib/team/find-invitation";
import { refusals } from "@/lib/team/invitation-state";

export const metadata = { title: "Join an organization · Agent Settlement Service" };

function Refused({ title, message }: { title: string; message: string }) {
  return (
    <main className={styles.card} data-testid="invitation-refused">
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{message}</p>
      <p className={styles.switch}>
        <Link href="/sign-in">Sign in</Link>
      </p>
    </main>
  );
}

export default async function Invitation({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation) {
    return (
      <Refused
        title="Invitation not found"
        message="This invitation link is not valid. Check that you copied all of it, or ask for a new one."
      />
    );
  }
  if (invitation.state !== "pending") {
    return <Refused title="This link no longer works" message={refusals[invitation.state]} />;
  }
  const member = await consoleMember();
  const here = `/invitations/${token}`;
  const signedInAsInvitee = member?.user.email === invitation.email;
  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Join {invitation.organizationName}</h1>
      <p className={styles.subtitle}>
        You are invited as <strong>{invitation.role}</strong>, with the email {invitation.email}.
      </p>
      {member && !signedInAsInvitee ? (
        <p className={styles.subtitle} role="alert">
          You are signed in as {member.user.email}. Sign out, then open this link again to accept as{" "}
          {invitation.email}.
        </p>
      ) : signedInAsInvitee ? (
        <>
          <p className={styles.subtitle}>
            Your account leaves {member.organization.name} and joins {invitation.organizationName}:
            an account belongs to one organization.
          </p>
          <AcceptInvitationForm token={token} email={invitation.email} mode="join" />
        </>
      ) : invitation.accountExists ? (
        <p className={styles.subtitle}>
          {invitation.email} already has an account.{" "}
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}>Sign in</Link> to accept.
        </p>
      ) : (
        <AcceptInvitationForm token={token} email={invitation.email} mode="create" />
      )}
    </main>
  );
}
