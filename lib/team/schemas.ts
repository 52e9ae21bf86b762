import { z } from "zod";
import { ZCreatedRange } from "@/lib/http/created-range";
import { ZListQuery } from "@/lib/http/pagination";
import { ZEmail, ZPassword } from "@/lib/users/schemas";
import { memberRoles } from "./roles";

export const ZMemberRole = z.enum(memberRoles);

export const ZCreateInvitationBody = z.strictObject({
  email: ZEmail,
  role: ZMemberRole,
  expiresInDays: z.number().int().min(1).max(30).default(7),
});

export const ZChangeRoleBody = z.strictObject({ role: ZMemberRole });

/** A link's token: `invite_` and 32 base62 characters. */
export const ZInvitationToken = z
  .string()
  .max(100)
  .regex(/^invite_[0-9A-Za-z]{32}$/, "this is not an invitation link's token");

export const ZLookupInvitationBody = z.strictObject({ token: ZInvitationToken });

/** Accepting as the signed-in account needs only the token; a new account adds its name and password. */
export const ZAcceptInvitationBody = z.strictObject({
  token: ZInvitationToken,
  account: z
    .strictObject({
      name: z.string().trim().min(1, "enter your name").max(200),
      password: ZPassword,
    })
    .optional(),
});

/** What an audit log read or export keeps; every filter is optional. */
export const ZAuditFilters = z.strictObject({
  action: z.string().trim().min(1).max(100).optional(),
  actor: z.string().trim().min(1).max(320).optional(),
  targetId: z.string().trim().min(1).max(64).optional(),
  environment: z.enum(["sandbox", "production", "organization"]).optional(),
  ...ZCreatedRange.shape,
});

export const ZAuditQuery = ZAuditFilters.extend(ZListQuery.shape);

export type TMember = {
  id: string;
  email: string;
  name: string | null;
  role: z.infer<typeof ZMemberRole>;
  joinedAt: string;
};

export type TInvitation = {
  id: string;
  email: string;
  role: z.infer<typeof ZMemberRole>;
  invitedBy: string | null;
  expiresAt: string;
  createdAt: string;
};

export type TAuditEntry = {
  id: string;
  actor: { userId: string; email: string; role: z.infer<typeof ZMemberRole> };
  action: string;
  targetId: string | null;
  environment: "sandbox" | "production" | null;
  requestId: string;
  createdAt: string;
};
