import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { auditEntries, consoleSessions, memberships } from "@/db/schema";
import { consoleCall } from "../support/console-calls";
import { newAccount, signIn, signUpAccount, type TMember } from "../support/console-session";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";

const created: string[] = [];
afterAll(async () => {
  for (const organizationId of created) await removeOrganization(organizationId);
});

/** A new account signed in twice (two browsers): its sessions, its email and its organization. */
async function account() {
  const fields = newAccount();
  const signedUp = await signUpAccount(fields);
  expect(signedUp.status).toBe(201);
  const { organization, user } = (await signedUp.json()) as {
    organization: { id: string };
    user: { id: string; email: string };
  };
  created.push(organization.id);
  const session = async (): Promise<TMember> => ({
    cookie: (await signIn(fields))!,
    organizationId: organization.id,
  });
  return { user, organizationId: organization.id, first: await session(), second: await session() };
}

type TOwnOrganization = { id: string; name: string; role: string; current: boolean };

const listed = async (who: TMember): Promise<TOwnOrganization[]> => {
  const answer = await consoleCall(who, "GET", "/api/console/account/organizations");
  expect(answer.status).toBe(200);
  return answer.body.data;
};

const keyNames = async (who: TMember) =>
  (await consoleCall(who, "GET", "/api/console/keys?environment=sandbox")).body.data.map(
    (key: { name: string }) => key.name,
  );

describe("an account in several organizations", () => {
  test("creates a second organization, works in it, and switches back, one browser at a time", async () => {
    const ada = await account();
    const made = await consoleCall(ada.first, "POST", "/api/console/account/organizations", {
      name: "  Side project  ",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Side project", role: "owner", current: true });
    const side: string = made.body.id;
    created.push(side);

    // This browser works in the new organization; the other still in the first.
    expect(await listed(ada.first)).toEqual([
      expect.objectContaining({ id: ada.organizationId, role: "owner", current: false }),
      expect.objectContaining({ id: side, name: "Side project", role: "owner", current: true }),
    ]);
    expect((await listed(ada.second)).find((org) => org.current)?.id).toBe(ada.organizationId);
    const key = await consoleCall(ada.first, "POST", "/api/console/keys", {
      environment: "sandbox",
      name: "side key",
      scopes: ["agent.read"],
    });
    expect(key.status).toBe(201);
    expect(await keyNames(ada.first)).toContain("side key");
    expect(await keyNames(ada.second)).not.toContain("side key");
    // The new organization's audit log starts with its creation.
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.organizationId, side));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "keys.create",
      "organization.create",
    ]);
    // A change of the account itself is in each of its organizations' logs, whichever it works in.
    const mailed = await consoleCall(
      ada.second,
      "POST",
      "/api/console/account/email-verification",
      {},
    );
    expect(mailed.status).toBe(200);
    for (const organizationId of [ada.organizationId, side]) {
      const entries = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.organizationId, organizationId));
      expect(entries).toContainEqual(
        expect.objectContaining({
          action: "account.email_verification.mail",
          actorUserId: ada.user.id,
          actorRole: "owner",
        }),
      );
    }

    const back = await consoleCall(
      ada.first,
      "POST",
      `/api/console/account/organizations/${ada.organizationId}/switch`,
      {},
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: ada.organizationId, current: true });
    expect(await keyNames(ada.first)).not.toContain("side key");
  });

  test("an organization that is not the account's is 404 to switch to or leave, and nothing changes", async () => {
    const [ada, bob] = [await account(), await account()];
    for (const action of ["switch", "leave"]) {
      const refused = await consoleCall(
        ada.first,
        "POST",
        `/api/console/account/organizations/${bob.organizationId}/${action}`,
        {},
      );
      expect(expectError(refused, 404, "not_found").message).toContain(bob.organizationId);
    }
    const [session] = await db
      .select({ organizationId: consoleSessions.organizationId })
      .from(consoleSessions)
      .where(eq(consoleSessions.userId, ada.user.id));
    expect(session?.organizationId).toBeNull();
    expect(await keyNames(ada.first)).toEqual(await keyNames(ada.second));
    expect((await listed(bob.first)).map((org) => org.id)).toEqual([bob.organizationId]);
  });

  test("bad names are 400s naming the field and create nothing", async () => {
    const ada = await account();
    for (const body of [
      { name: "   " },
      { name: "x".repeat(201) },
      {},
      { name: "ok", plan: "pro" },
    ]) {
      const refused = await consoleCall(
        ada.first,
        "POST",
        "/api/console/account/organizations",
        body,
      );
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe("invalid_request");
    }
    expect(await listed(ada.first)).toHaveLength(1);
  });

  test("an account belongs to at most 25 organizations, also when it creates several at once", async () => {
    const ada = await account();
    const create = (name: string) =>
      consoleCall(ada.first, "POST", "/api/console/account/organizations", { name });
    for (let n = 2; n <= 22; n++) {
      const made = await create(`Org ${n}`);
      expect(made.status).toBe(201);
      created.push(made.body.id);
    }
    const burst = await Promise.all([1, 2, 3, 4, 5].map((n) => create(`Burst ${n}`)));
    for (const made of burst) if (made.status === 201) created.push(made.body.id);
    expect(burst.map((made) => made.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = burst.find((made) => made.status === 409)!;
    expect(expectError(refused, 409, "conflict").message).toBe(
      "An account belongs to at most 25 organizations; leave one first.",
    );
    expect(await listed(ada.first)).toHaveLength(25);
  });

  test("leaving: never the only organization nor as its last owner; then gone from its team, and the session moves on", async () => {
    const ada = await account();
    const only = await consoleCall(
      ada.first,
      "POST",
      `/api/console/account/organizations/${ada.organizationId}/leave`,
      {},
    );
    expect(expectError(only, 409, "conflict").message).toMatch(/only organization/);

    const made = await consoleCall(ada.first, "POST", "/api/console/account/organizations", {
      name: "Second",
    });
    created.push(made.body.id);
    // Still the first organization's last owner.
    const lastOwner = await consoleCall(
      ada.second,
      "POST",
      `/api/console/account/organizations/${ada.organizationId}/leave`,
      {},
    );
    expect(expectError(lastOwner, 409, "conflict").message).toMatch(/last owner/);

    // With a second owner there, Ada may leave it; her session there moves to her other one.
    await db.insert(memberships).values({
      userId: (await account()).user.id,
      organizationId: ada.organizationId,
      role: "owner",
    });
    const left = await consoleCall(
      ada.second,
      "POST",
      `/api/console/account/organizations/${ada.organizationId}/leave`,
      {},
    );
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ id: ada.organizationId, left: true });
    expect(await listed(ada.second)).toEqual([
      expect.objectContaining({ id: made.body.id, name: "Second", current: true }),
    ]);
    const team = await consoleCall(ada.second, "GET", "/api/console/team/members");
    expect(team.body.data.map((member: { id: string }) => member.id)).toEqual([ada.user.id]);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, ada.organizationId))
      .then((rows) => rows.filter((row) => row.action === "member.leave"));
    expect(entry).toMatchObject({
      actorUserId: ada.user.id,
      actorRole: "owner",
      targetId: ada.user.id,
    });
  });
});
