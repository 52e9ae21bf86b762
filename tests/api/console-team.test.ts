import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { auditEntries, invitations, memberships, users } from "@/db/schema";
import { hashSecret } from "@/lib/keys/secret";
import { call, eventually, randomClientAddress } from "../support/api";
import {
  consoleOrigin,
  newAccount,
  signedUpMember,
  signIn,
  type TMember,
} from "../support/console-session";
import { expectError } from "../support/expect-error";
import { mailBody, mailsTo } from "../support/smtp-sink";
import { removeOrganization } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

/** A console request from the console's own page: session cookie and same Origin. */
const as = (who: { cookie: string }) => ({
  headers: { cookie: who.cookie, origin: consoleOrigin() },
});

const accept = (body: unknown, cookie?: string) =>
  call("POST", "/api/invitations/accept", {
    headers: { origin: consoleOrigin(), ...(cookie ? { cookie } : {}) },
    body,
  });

const tokenOf = (url: string) => url.split("/invitations#")[1]!;

/** What the invitation page asks about its link's token (the token travels in the body). */
const lookUp = (token: unknown, cookie?: string) =>
  call("POST", "/api/invitations/lookup", {
    headers: { origin: consoleOrigin(), ...(cookie ? { cookie } : {}) },
    body: { token },
  });

type TInvited = { cookie: string; userId: string; email: string };

async function invite(owner: TMember, role: string, email = newAccount().email.toLowerCase()) {
  const created = await call("POST", "/api/console/team/invitations", {
    ...as(owner),
    body: { email, role },
  });
  expect(created.status).toBe(201);
  return { ...created.body, email } as {
    invitation: { id: string; role: string; email: string };
    url: string;
    email: string;
  };
}

/** Invites a new email with `role`, creates its account through the link and signs it in. */
async function joined(owner: TMember, role: string): Promise<TInvited> {
  const { url, email } = await invite(owner, role);
  const password = "a long enough password";
  const accepted = await accept({ token: tokenOf(url), account: { name: role, password } });
  expect(accepted.status).toBe(200);
  const cookie = await signIn({ email, password });
  expect(cookie).toBeDefined();
  return { cookie: cookie!, userId: accepted.body.user.id, email };
}

const ownerIdOf = async (member: TMember) => {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, member.organizationId))
    .orderBy(memberships.createdAt)
    .limit(1);
  return row!;
};

const auditOf = (organizationId: string) =>
  db.select().from(auditEntries).where(eq(auditEntries.organizationId, organizationId));

let owner: TMember;
let viewer: TInvited;
let developer: TInvited;
beforeAll(async () => {
  owner = await signedUpMember({ verifiedEmail: true });
  [viewer, developer] = await Promise.all([joined(owner, "viewer"), joined(owner, "developer")]);
});
afterAll(async () => {
  if (owner) await removeOrganization(owner.organizationId);
});

describe("invitations", () => {
  test("invite → accept → a member with the invitation's role; the link is stored hashed", async () => {
    const { invitation, url, email } = await invite(owner, "developer");
    // The token is in the fragment, which browsers send to no server, log or Referer.
    expect(url).toMatch(new RegExp(`^${consoleOrigin()}/invitations#invite_[0-9A-Za-z]{32}$`));
    const looked = await lookUp(tokenOf(url));
    expect(looked.status).toBe(200);
    expect(looked.body).toEqual({
      state: "pending",
      email,
      role: "developer",
      organizationName: expect.any(String),
      accountExists: false,
      signedInAs: null,
    });
    const asOwner = await lookUp(tokenOf(url), owner.cookie);
    expect(asOwner.body.signedInAs).toEqual({
      email: (await ownerIdOf(owner)).email,
      organizationName: looked.body.organizationName,
    });
    // A link made before tokens moved to the fragment still opens, with the token moved there.
    const oldLink = await fetch(`${consoleOrigin()}/invitations/${tokenOf(url)}`, {
      redirect: "manual",
    });
    expect(oldLink.status).toBe(307);
    expect(oldLink.headers.get("location")).toBe(`/invitations#${tokenOf(url)}`);
    expect(invitation).toMatchObject({ email, role: "developer" });
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored!.tokenHash).toBe(hashSecret(tokenOf(url)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));

    const pending = await call("GET", "/api/console/team/invitations", as(owner));
    expect(pending.body.data.map((row: { id: string }) => row.id)).toContain(invitation.id);

    const accepted = await accept({
      token: tokenOf(url),
      account: { name: "Grace", password: "a long enough password" },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      user: { email },
      organizationId: owner.organizationId,
      role: "developer",
    });
    const members = await call("GET", "/api/console/team/members", as(owner));
    expect(members.body.data).toContainEqual(
      expect.objectContaining({ id: accepted.body.user.id, email, role: "developer" }),
    );
    const after = await call("GET", "/api/console/team/invitations", as(owner));
    expect(after.body.data.map((row: { id: string }) => row.id)).not.toContain(invitation.id);
    const cookie = await signIn({ email, password: "a long enough password" });
    const keys = await call(
      "GET",
      "/api/console/keys?environment=sandbox",
      as({ cookie: cookie! }),
    );
    expect(keys.status).toBe(200);
  });

  test("the link is mailed to the invitee over SMTP, and the answer says so", async () => {
    const email = newAccount().email.toLowerCase();
    const created = await call("POST", "/api/console/team/invitations", {
      ...as(owner),
      body: { email, role: "developer" },
    });
    expect(created.body.mail).toBe("sent");
    const mail = await eventually(async () => {
      const [found] = mailsTo(inject("mailFolder"), email);
      expect(found).toBeDefined();
      return found!;
    }, 10_000);
    expect(mail).toMatch(/^Subject: .+ invited you to .+ on Agent Settlement Service$/m);
    expect(mailBody(mail)).toContain(created.body.url);
  });

  test("a link used twice at once admits one account", async () => {
    const { url } = await invite(owner, "viewer");
    const account = { name: "Twice", password: "a long enough password" };
    const answers = await Promise.all([
      accept({ token: tokenOf(url), account }),
      accept({ token: tokenOf(url), account }),
    ]);
    // The loser is refused as the last owner (409), or, when the winner's change committed
    // before its own request was checked, as a member who is no longer an owner (403).
    const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
    expect(won!.status).toBe(200);
    expect([403, 409]).toContain(lost!.status);
  });

  test("used, expired, revoked and unknown links are refused, by the API and the page", async () => {
    const account = { name: "Late", password: "a long enough password" };
    const used = await invite(owner, "viewer");
    expect((await accept({ token: tokenOf(used.url), account })).status).toBe(200);
    const reused = await accept({ token: tokenOf(used.url), account });
    expect(expectError(reused, 409, "conflict", "token").message).toMatch(/already used/);

    const expired = await invite(owner, "viewer");
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.invitation.id));
    const late = await accept({ token: tokenOf(expired.url), account });
    expect(expectError(late, 409, "conflict", "token").message).toMatch(/expired/);

    const revoked = await invite(owner, "viewer");
    const revoke = await call(
      "POST",
      `/api/console/team/invitations/${revoked.invitation.id}/revoke`,
      as(owner),
    );
    expect(revoke.body).toMatchObject({
      id: revoked.invitation.id,
      invitedBy: (await ownerIdOf(owner)).email,
      revokedAt: expect.any(String),
    });
    const again = await call(
      "POST",
      `/api/console/team/invitations/${revoked.invitation.id}/revoke`,
      as(owner),
    );
    expect(again.body.revokedAt).toBe(revoke.body.revokedAt);
    const refused = await accept({ token: tokenOf(revoked.url), account });
    expect(expectError(refused, 409, "conflict", "token").message).toMatch(/revoked/);

    const unknown = await accept({ token: `invite_${"x".repeat(32)}`, account });
    expectError(unknown, 404, "not_found");
    expectError(await accept({ token: "not a token", account }), 400, "invalid_request", "token");

    for (const [url, state] of [
      [used.url, "accepted"],
      [expired.url, "expired"],
      [revoked.url, "revoked"],
    ] as const) {
      const looked = await lookUp(tokenOf(url));
      expect(looked.status).toBe(200);
      expect(looked.body.state).toBe(state);
    }
    const unknownLink = await lookUp(`invite_${"y".repeat(32)}`);
    expect(expectError(unknownLink, 404, "not_found").message).toContain("not valid");
    expectError(await lookUp("../../etc"), 400, "invalid_request", "token");
    const elsewhere = await call("POST", "/api/invitations/lookup", {
      headers: { origin: "https://evil.example" },
      body: { token: tokenOf(used.url) },
    });
    expectError(elsewhere, 403, "forbidden");
    for (const { email } of [used, expired, revoked].slice(1)) {
      expect(await db.$count(users, eq(users.email, email))).toBe(0);
    }
  });

  test("an existing account joins only as the invited email, and keeps its own organization", async () => {
    const other = await signedUpMember({ verifiedEmail: true });
    const otherOwner = await ownerIdOf(other);
    const forSomeoneElse = await invite(owner, "developer");
    const wrongAccount = await accept({ token: tokenOf(forSomeoneElse.url) }, other.cookie);
    expect(expectError(wrongAccount, 403, "forbidden").message).toContain(forSomeoneElse.email);

    // The last owner of its organization joins another and stays that organization's owner.
    const forOther = await invite(owner, "developer", otherOwner.email);
    const joinedToo = await accept({ token: tokenOf(forOther.url) }, other.cookie);
    expect(joinedToo.status).toBe(200);
    expect(joinedToo.body).toMatchObject({
      organizationId: owner.organizationId,
      role: "developer",
    });
    const held = await db
      .select({ organizationId: memberships.organizationId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.userId, otherOwner.id))
      .orderBy(memberships.createdAt);
    expect(held).toEqual([
      { organizationId: other.organizationId, role: "owner" },
      { organizationId: owner.organizationId, role: "developer" },
    ]);
    // Accepting moved this session into the organization it joined.
    const team = await call("GET", "/api/console/team/members", as(other));
    expect(team.body.data).toContainEqual(
      expect.objectContaining({ id: otherOwner.id, role: "developer" }),
    );
    // A second invitation for a member is refused when it is made.
    const again = await call("POST", "/api/console/team/invitations", {
      ...as(owner),
      body: { email: otherOwner.email, role: "viewer" },
    });
    expectError(again, 409, "conflict");
    await removeOrganization(other.organizationId);
    const [kept] = await db.select().from(users).where(eq(users.id, otherOwner.id));
    expect(kept, "an account in another organization outlives its first").toBeDefined();
    const removed = await call("DELETE", `/api/console/team/members/${otherOwner.id}`, as(owner));
    expect(removed.status).toBe(200);
    const [gone] = await db.select().from(users).where(eq(users.id, otherOwner.id));
    expect(gone, "an account in no organization is deleted").toBeUndefined();
  });

  test("bad invitations are 400s naming the field and write nothing", async () => {
    const before = await tenantRows(owner.organizationId);
    for (const [body, param] of [
      [{ email: "x@example.test", role: "admin" }, "role"],
      [{ email: "not an email", role: "viewer" }, "email"],
      [{ email: "x@example.test", role: "viewer", expiresInDays: 90 }, "expiresInDays"],
      [{ email: "x@example.test", role: "viewer", organizationId: "org-x" }, "organizationId"],
    ] as const) {
      const response = await call("POST", "/api/console/team/invitations", { ...as(owner), body });
      expectError(response, 400, "invalid_request", param);
    }
    const member = await call("POST", "/api/console/team/invitations", {
      ...as(owner),
      body: { email: developer.email, role: "viewer" },
    });
    expectError(member, 409, "conflict", "email");
    expect(await tenantRows(owner.organizationId)).toEqual(before);
  });
});

/** Every mutating method of every console route file, with its URL pattern. */
function mutatingConsoleRoutes() {
  const root = join(process.cwd(), "app/api/console");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith("route.ts"),
  );
  return files.flatMap((file) => {
    const source = readFileSync(join(root, file), "utf8");
    const path = `/api/console/${file.replace(/\/?route\.ts$/, "")}`;
    // Any change a route file declares, through handleConsole or not: one that bypasses it fails here.
    const methods = [...source.matchAll(/^\s{2}(POST|PUT|PATCH|DELETE):/gm)];
    return methods.map(([, method]) => ({ method: method!, path }));
  });
}

// POSTs every member may call: a verification computes without changing anything; declining an
// MCP client's request grants nothing.
const readOnlyPosts = new Set([
  "POST /api/console/receipts/[id]/verify",
  "POST /api/console/oauth/deny",
]);
// Every member manages their own account: sessions, two-factor sign-in, email verification.
// Called here they would change the viewer's (tested in account-security.test.ts and
// email-verification.test.ts).
const ownAccountPosts = new Set([
  "POST /api/console/account/email-verification",
  "POST /api/console/account/organizations",
  "POST /api/console/account/organizations/[id]/leave",
  "POST /api/console/account/organizations/[id]/switch",
  "POST /api/console/account/sessions/[id]/sign-out",
  "POST /api/console/account/sign-out-everywhere",
  "POST /api/console/account/two-factor",
  "POST /api/console/account/two-factor/confirm",
  "POST /api/console/account/two-factor/disable",
]);

describe("roles", () => {
  const routes = mutatingConsoleRoutes();

  test("the route files were found", () => {
    expect(routes).toContainEqual({ method: "POST", path: "/api/console/keys" });
    expect(routes).toContainEqual({ method: "DELETE", path: "/api/console/team/members/[id]" });
  });

  test("a viewer gets 403 naming the role on every mutating console route, and nothing changes", async () => {
    const before = await tenantRows(owner.organizationId);
    for (const { method, path } of routes) {
      if (ownAccountPosts.has(`${method} ${path}`)) continue;
      const url = `${path.replace(/\[[^\]]+\]/g, "id-0000")}?environment=sandbox`;
      const response = await call(method, url, { ...as(viewer), body: {} });
      if (readOnlyPosts.has(`${method} ${path}`)) {
        expect(response.status, `${method} ${path}`).not.toBe(403);
        continue;
      }
      const error = expectError(response, 403, "forbidden");
      expect(error.message, `${method} ${path}`).toMatch(
        /needs the (developer or owner|owner) role; you are a viewer/,
      );
    }
    expect(await tenantRows(owner.organizationId)).toEqual(before);
  });

  test("a viewer reads every list, the members and the audit log", async () => {
    for (const path of [
      "/api/console/keys?environment=sandbox",
      "/api/console/webhooks?environment=sandbox",
      "/api/console/team/members",
      "/api/console/team/invitations",
      "/api/console/team/audit",
    ]) {
      expect((await call("GET", path, as(viewer))).status, path).toBe(200);
    }
  });

  test("a webhook's signing secret is revealed to developers, never to viewers", async () => {
    const created = await call("POST", "/api/console/webhooks?environment=sandbox", {
      ...as(developer),
      body: {
        url: "http://127.0.0.1:9/hooks",
        events: ["*"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = `/api/console/webhooks/${created.body.id}/secret?environment=sandbox`;
    const refused = await call("GET", path, as(viewer));
    expect(expectError(refused, 403, "forbidden").message).toMatch(/you are a viewer/);
    const revealed = await call("GET", path, as(developer));
    expect(revealed.status).toBe(200);
    expect(revealed.body.secret).toMatch(/^whsec_/);
  });

  test("a developer changes keys but not the team (owner only)", async () => {
    const created = await call("POST", "/api/console/keys", {
      ...as(developer),
      body: { name: "By developer", environment: "sandbox", scopes: ["agent.read"] },
    });
    expect(created.status).toBe(201);
    const refused = await call("POST", "/api/console/team/invitations", {
      ...as(developer),
      body: { email: "someone@example.test", role: "owner" },
    });
    expect(expectError(refused, 403, "forbidden").message).toMatch(
      /needs the owner role; you are a developer/,
    );
    const promote = await call("PATCH", `/api/console/team/members/${developer.userId}`, {
      ...as(developer),
      body: { role: "owner" },
    });
    expectError(promote, 403, "forbidden");
  });

  test("another organization's members and invitations are 404 and stay as they were", async () => {
    const stranger = await signedUpMember({ verifiedEmail: true });
    const strangerOwner = await ownerIdOf(stranger);
    const { invitation } = await invite(stranger, "viewer");
    const before = await tenantRows(stranger.organizationId);
    const demote = await call("PATCH", `/api/console/team/members/${strangerOwner.id}`, {
      ...as(owner),
      body: { role: "viewer" },
    });
    expectError(demote, 404, "not_found");
    const remove = await call("DELETE", `/api/console/team/members/${strangerOwner.id}`, as(owner));
    expectError(remove, 404, "not_found");
    const revoke = await call(
      "POST",
      `/api/console/team/invitations/${invitation.id}/revoke`,
      as(owner),
    );
    expectError(revoke, 404, "not_found");
    const members = await call("GET", "/api/console/team/members", as(owner));
    expect(members.body.data.map((m: { id: string }) => m.id)).not.toContain(strangerOwner.id);
    expect(await tenantRows(stranger.organizationId)).toEqual(before);
    await removeOrganization(stranger.organizationId);
  });

  test("a role change takes effect on the member's next request", async () => {
    const member = await joined(owner, "developer");
    const demote = await call("PATCH", `/api/console/team/members/${member.userId}`, {
      ...as(owner),
      body: { role: "viewer" },
    });
    expect(demote.body).toMatchObject({ id: member.userId, role: "viewer" });
    const refused = await call("POST", "/api/console/keys", {
      ...as(member),
      body: { name: "Too late", environment: "sandbox", scopes: ["agent.read"] },
    });
    expectError(refused, 403, "forbidden");
    const removed = await call("DELETE", `/api/console/team/members/${member.userId}`, as(owner));
    expect(removed.body).toMatchObject({ id: member.userId, deleted: true });
    expect(await db.$count(users, eq(users.id, member.userId))).toBe(0);
    const gone = await call("GET", "/api/console/keys?environment=sandbox", as(member));
    expectError(gone, 401, "unauthorized");
  });
});

describe("the last owner", () => {
  test("cannot be demoted or removed (409), until another member is an owner", async () => {
    const team = await signedUpMember({ verifiedEmail: true });
    const founder = await ownerIdOf(team);
    const before = await tenantRows(team.organizationId);
    const demote = await call("PATCH", `/api/console/team/members/${founder.id}`, {
      ...as(team),
      body: { role: "developer" },
    });
    expect(expectError(demote, 409, "conflict").message).toMatch(/last owner/);
    const remove = await call("DELETE", `/api/console/team/members/${founder.id}`, as(team));
    expectError(remove, 409, "conflict");
    expect(await tenantRows(team.organizationId)).toEqual(before);

    const partner = await joined(team, "developer");
    await call("PATCH", `/api/console/team/members/${partner.userId}`, {
      ...as(team),
      body: { role: "owner" },
    });
    const stepDown = await call("PATCH", `/api/console/team/members/${founder.id}`, {
      ...as(team),
      body: { role: "viewer" },
    });
    expect(stepDown.body).toMatchObject({ id: founder.id, role: "viewer" });
    // The partner is now the last owner.
    const removePartner = await call(
      "DELETE",
      `/api/console/team/members/${partner.userId}`,
      as(partner),
    );
    expectError(removePartner, 409, "conflict");
    await removeOrganization(team.organizationId);
  });

  test("two owners demoting each other at once leave one owner", async () => {
    const team = await signedUpMember({ verifiedEmail: true });
    const founder = await ownerIdOf(team);
    const partner = await joined(team, "owner");
    const answers = await Promise.all([
      call("PATCH", `/api/console/team/members/${partner.userId}`, {
        ...as(team),
        body: { role: "developer" },
      }),
      call("PATCH", `/api/console/team/members/${founder.id}`, {
        ...as(partner),
        body: { role: "developer" },
      }),
    ]);
    // The loser is refused as the last owner (409), or, when the winner's change committed
    // before its own request was checked, as a member who is no longer an owner (403).
    const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
    expect(won!.status).toBe(200);
    expect([403, 409]).toContain(lost!.status);
    const owners = await db.$count(
      memberships,
      and(eq(memberships.organizationId, team.organizationId), eq(memberships.role, "owner")),
    );
    expect(owners).toBe(1);
    await removeOrganization(team.organizationId);
  });
});

describe("audit log", () => {
  test("every successful change is recorded with its actor, role, action, target and request", async () => {
    const team = await signedUpMember({ verifiedEmail: true });
    const founder = await ownerIdOf(team);
    const dev = await joined(team, "developer");
    const created = await call("POST", "/api/console/keys", {
      ...as(dev),
      body: { name: "Audited", environment: "production", scopes: ["agent.read"] },
    });
    const keyId = created.body.key.id;
    const rolled = await call("POST", `/api/console/keys/${keyId}/roll`, {
      ...as(dev),
      body: { overlap: "now" },
    });
    const newKeyId = rolled.body.key.id;
    const revoked = await call("POST", `/api/console/keys/${newKeyId}/revoke`, as(team));
    const failed = await call("POST", `/api/console/keys/key-nothere/revoke`, as(team));
    expect(failed.status).toBe(404);
    const role = await call("PATCH", `/api/console/team/members/${dev.userId}`, {
      ...as(team),
      body: { role: "viewer" },
    });

    const entries = await auditOf(team.organizationId);
    const summary = entries
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((entry) => ({
        actor: entry.actorUserId,
        email: entry.actorEmail,
        role: entry.actorRole,
        action: entry.action,
        target: entry.targetId,
        environment: entry.environment,
      }));
    expect(summary).toEqual([
      // The founder opened the link mailed at sign-up.
      expect.objectContaining({ actor: founder.id, action: "account.email_verified" }),
      expect.objectContaining({ actor: founder.id, action: "invitation.create", role: "owner" }),
      expect.objectContaining({
        actor: dev.userId,
        action: "invitation.accept",
        role: "developer",
      }),
      {
        actor: dev.userId,
        email: dev.email,
        role: "developer",
        action: "keys.create",
        target: keyId,
        environment: "production",
      },
      // Addressed by id alone: the environment is the key's own.
      expect.objectContaining({
        actor: dev.userId,
        action: "keys.roll",
        target: keyId,
        environment: "production",
      }),
      expect.objectContaining({
        actor: founder.id,
        action: "keys.revoke",
        target: newKeyId,
        environment: "production",
      }),
      expect.objectContaining({
        actor: founder.id,
        action: "member.role_change",
        target: dev.userId,
        environment: null,
      }),
    ]);
    const requestIds = [created, rolled, revoked, role].map((r) => r.headers.get("request-id"));
    expect(entries.map((entry) => entry.requestId)).toEqual(expect.arrayContaining(requestIds));

    // The page the console shows: newest first, one entry a page with a cursor.
    const first = await call("GET", "/api/console/team/audit?limit=2", as(dev));
    expect(first.status).toBe(200);
    expect(first.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      "member.role_change",
      "keys.revoke",
    ]);
    expect(first.body.data[0]).toMatchObject({
      actor: { userId: founder.id, email: founder.email, role: "owner" },
      targetId: dev.userId,
    });
    const next = await call(
      "GET",
      `/api/console/team/audit?limit=2&cursor=${first.body.cursor}`,
      as(dev),
    );
    expect(next.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      "keys.roll",
      "keys.create",
    ]);
    const foreign = await call("GET", "/api/console/team/audit", as(owner));
    expect(
      foreign.body.data.some(
        (entry: { actor: { userId: string } }) => entry.actor.userId === dev.userId,
      ),
    ).toBe(false);
    expectError(
      await call("GET", "/api/console/team/audit?limit=0", as(dev)),
      400,
      "invalid_request",
      "limit",
    );
    await removeOrganization(team.organizationId);
  });

  test("filters (action and sub-actions, actor, target, environment, dates) and the CSV export", async () => {
    const team = await signedUpMember({ verifiedEmail: true });
    const founder = await ownerIdOf(team);
    const createKey = async (environment: string) =>
      (
        await call("POST", "/api/console/keys", {
          ...as(team),
          body: { name: "Filtered", environment, scopes: ["agent.read"] },
        })
      ).body.key.id as string;
    await createKey("sandbox");
    const productionKey = await createKey("production");
    await call("POST", `/api/console/keys/${productionKey}/roll`, {
      ...as(team),
      body: { overlap: "1h" },
    });
    await invite(team, "viewer");
    const actions = async (query: string, who: TMember = team) => {
      const response = await call("GET", `/api/console/team/audit?${query}`, as(who));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((entry: { action: string }) => entry.action) as string[];
    };
    expect(await actions("action=keys")).toEqual(["keys.roll", "keys.create", "keys.create"]);
    expect(await actions("action=keys.roll")).toEqual(["keys.roll"]);
    expect(await actions("environment=production")).toEqual(["keys.roll", "keys.create"]);
    expect(await actions("environment=organization")).toEqual([
      "invitation.create",
      "account.email_verified",
    ]);
    expect(await actions(`targetId=${productionKey}`)).toEqual(["keys.roll", "keys.create"]);
    const emailPart = founder.email.slice(0, 6).toUpperCase();
    expect(await actions(`actor=${encodeURIComponent(emailPart)}`)).toHaveLength(5);
    expect(await actions("actor=%25")).toEqual([]);
    expect(await actions("createdBefore=2000-01-01T00:00:00Z")).toEqual([]);
    expect(await actions("createdAfter=2000-01-01T00:00:00Z&action=invitation")).toEqual([
      "invitation.create",
    ]);
    // Another organization's member finds none of it.
    expect(await actions(`targetId=${productionKey}`, owner)).toEqual([]);

    const exported = await call(
      "GET",
      "/api/console/team/audit/export?environment=production",
      as(team),
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.headers.get("request-id")).toMatch(/^req-/);
    const lines = (exported.body as string).split("\r\n");
    expect(lines[0]).toBe("time,actor_email,actor_role,action,target_id,environment,request_id,id");
    expect(lines.slice(1, -1).map((line) => line.split(",").slice(1, 6))).toEqual([
      [founder.email, "owner", "keys.roll", productionKey, "production"],
      [founder.email, "owner", "keys.create", productionKey, "production"],
    ]);
    expect(lines.at(-1)).toBe("");
    // A viewer exports too; bad filters are a 400 envelope, and nothing is exported.
    expect((await call("GET", "/api/console/team/audit/export", as(viewer))).status).toBe(200);
    expectError(
      await call("GET", "/api/console/team/audit/export?environment=staging", as(team)),
      400,
      "invalid_request",
      "environment",
    );
    expectError(
      await call("GET", "/api/console/team/audit/export?limit=5", as(team)),
      400,
      "invalid_request",
    );
    expectError(await call("GET", "/api/console/team/audit/export"), 401, "unauthorized");
    await removeOrganization(team.organizationId);
  });

  test("a refused change writes no entry", async () => {
    const before = (await auditOf(owner.organizationId)).length;
    await call("POST", "/api/console/keys", {
      ...as(owner),
      body: { name: "", environment: "sandbox", scopes: [] },
    });
    await call("POST", "/api/console/keys", {
      ...as(viewer),
      body: { name: "x", environment: "sandbox", scopes: ["agent.read"] },
    });
    expect((await auditOf(owner.organizationId)).length).toBe(before);
  });
});

test("accepting needs the console's own origin", async () => {
  const { url, email } = await invite(owner, "viewer");
  const response = await call("POST", "/api/invitations/accept", {
    headers: { origin: "https://evil.example", "x-forwarded-for": randomClientAddress() },
    body: { token: tokenOf(url), account: { name: "Eve", password: "a long enough password" } },
  });
  expectError(response, 403, "forbidden");
  expect(await db.$count(users, eq(users.email, email))).toBe(0);
});
