"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { memberRoles, type TMemberRole } from "@/lib/team/roles";
import { consoleFetch, queryKeys, type TCreatedInvitation } from "../console/api";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";
import { roleDescriptions } from "./role-descriptions";

const expiries = [1, 7, 30] as const;

/** What the inviter is told about the mail to the invitee. */
const mailNotice: Record<TCreatedInvitation["mail"], (email: string) => string> = {
  sent: (email) => `We mailed this link to ${email}.`,
  written: (email) =>
    `This local run wrote the mail to ${email} into its mail folder; send them the link.`,
  skipped: (email) => `Mail is not set up on this deployment: send this link to ${email}.`,
  failed: (email) => `The mail to ${email} could not be sent: send them this link.`,
};

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TMemberRole>("developer");
  const [expiresInDays, setExpiresInDays] = useState<number>(7);
  const invite = useMutation({
    mutationFn: () =>
      consoleFetch<TCreatedInvitation>("/api/console/team/invitations", {
        method: "POST",
        body: { email, role, expiresInDays },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team() }),
  });

  function close() {
    invite.reset();
    setEmail("");
    setRole("developer");
    setExpiresInDays(7);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate();
  }

  if (invite.data) {
    const { invitation, url, mail } = invite.data;
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Invitation link"
        description={
          <>
            For <strong>{invitation.email}</strong> as {invitation.role}, until{" "}
            {new Date(invitation.expiresAt).toLocaleString()}.
          </>
        }
        footer={
          <Button variant="primary" onClick={close} autoFocus>
            Done
          </Button>
        }
      >
        <div className={ui.notice} data-testid="invitation-mail">
          {mailNotice[mail](invitation.email)} The link works once and is not shown again.
        </div>
        <div className={ui.secretBox}>
          <span className={ui.secretValue} data-testid="invitation-url">
            {url}
          </span>
          <CopyButton value={url} />
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite a member"
      description="They join this organization with the role you pick, in both environments."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form="invite-form"
            disabled={invite.isPending || email.trim() === ""}
          >
            {invite.isPending ? "Creating…" : "Create invitation link"}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} id="invite-form">
        {invite.error ? <div className={ui.alert}>{invite.error.message}</div> : null}
        <label className={ui.field}>
          <span className={ui.label}>Email</span>
          <input
            className={ui.input}
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={254}
            required
            autoFocus
          />
          <span className={ui.hint}>Only an account with this email can use the link.</span>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Role</span>
          <select
            className={ui.input}
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as TMemberRole)}
          >
            {memberRoles.map((option) => (
              <option key={option} value={option}>
                {option}: {roleDescriptions[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Link expires after</span>
          <select
            className={ui.input}
            name="expiresInDays"
            value={expiresInDays}
            onChange={(event) => setExpiresInDays(Number(event.target.value))}
          >
            {expiries.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </label>
      </form>
    </Dialog>
  );
}
