import { db } from "@/db/client";
import { memberships } from "@/db/schema";
import { conflict, notFound } from "@/lib/http/api-error";
import { createOrganization } from "@/lib/orgs/create-organization";
import { endMembership } from "@/lib/team/end-membership";
import { getMemberForUpdateOrThrow } from "@/lib/team/get-member";
import { keepAnOwner } from "@/lib/team/keep-an-owner";
import { keepRoomForMembership } from "@/lib/team/membership-cap";
import { recordAuditEntry } from "@/lib/team/record-audit-entry";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { switchConsoleSession } from "./console-sessions";

/** The signed-in member, as far as their organizations go: the session and its account. */
type TSignedInMember = Pick<TConsoleMember, "user" | "organization" | "organizations"> & {
  sessionId: string;
};

/** The account's organizations, the one this session works in marked `current`. */
export function listOwnOrganizations(member: TSignedInMember) {
  return {
    data: member.organizations.map((organization) => ({
      ...organization,
      current: organization.id === member.organization.id,
    })),
  };
}

/** Makes this session work in another of the account's organizations; another's is 404. */
export async function switchOrganization({
  member,
  organizationId,
}: {
  member: TSignedInMember;
  organizationId: string;
}) {
  const organization = member.organizations.find(({ id }) => id === organizationId);
  if (!organization) throw notFound("organization", organizationId);
  await switchConsoleSession(db, { sessionId: member.sessionId, organizationId });
  return { ...organization, current: true };
}

/**
 * A new organization on the free plan, the account its owner (within the account's cap of
 * organizations); this session works in it from now on. Its audit log starts with its
 * creation.
 */
export async function createOwnOrganization({
  member,
  name,
  requestId,
}: {
  member: TSignedInMember;
  name: string;
  requestId: string;
}) {
  return db.transaction(async (tx) => {
    await keepRoomForMembership(tx, member.user.id);
    const organization = await createOrganization({ name }, tx);
    await tx
      .insert(memberships)
      .values({ userId: member.user.id, organizationId: organization.id, role: "owner" });
    await switchConsoleSession(tx, {
      sessionId: member.sessionId,
      organizationId: organization.id,
    });
    await recordAuditEntry(
      {
        organizationId: organization.id,
        actor: { id: member.user.id, email: member.user.email, role: "owner" },
        action: "organization.create",
        targetId: organization.id,
        environment: null,
        requestId,
      },
      tx,
    );
    return {
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      role: "owner" as const,
      current: true,
    };
  });
}

/**
 * The account leaves one of its organizations, which must keep an owner; its only one it
 * cannot leave (409). The organization's audit log records it.
 */
export async function leaveOrganization({
  member,
  organizationId,
  requestId,
}: {
  member: TSignedInMember;
  organizationId: string;
  requestId: string;
}) {
  if (!member.organizations.some(({ id }) => id === organizationId))
    throw notFound("organization", organizationId);
  if (member.organizations.length === 1) {
    throw conflict(
      "This is your only organization: create or join another before leaving it.",
      "organization",
    );
  }
  const userId = member.user.id;
  return db.transaction(async (tx) => {
    await keepAnOwner(tx, {
      organizationId,
      userId,
      refusal: "You are this organization's last owner: make another member an owner first.",
    });
    const left = await getMemberForUpdateOrThrow({ organizationId, userId }, tx);
    await endMembership(tx, { organizationId, userId });
    await recordAuditEntry(
      {
        organizationId,
        actor: { id: userId, email: member.user.email, role: left.role },
        action: "member.leave",
        targetId: userId,
        environment: null,
        requestId,
      },
      tx,
    );
    return { id: organizationId, left: true };
  });
}
