import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { randomClientAddress } from "../support/api";
import { attemptSignIn, signUpAccount } from "../support/console-session";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";

const emails: string[] = [];
const newAccount = () => {
  const tag = randomBytes(5).toString("hex");
  const account = {
    name: "Grace",
    email: `grace.${tag}@example.test`,
    password: `long enough ${tag}`,
    organizationName: `Org ${tag}`,
  };
  emails.push(account.email);
  return account;
};

async function signedUp() {
  const account = newAccount();
  expect((await signUpAccount(account)).status).toBe(201);
  return account;
}

afterAll(async () => {
  if (emails.length === 0) return;
  const members = await db
    .select({ organizationId: memberships.organizationId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(inArray(users.email, emails));
  for (const { organizationId } of members) {
    await removeOrganization(organizationId);
  }
});

describe("sign-in throttling", () => {
  test("five failures from one address lock the account there, even for the right password", async () => {
    const account = await signedUp();
    const attacker = randomClientAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await attemptSignIn({
        ...account,
        password: "wrong guess",
        address: attacker,
      });
      expect(failed.session).toBeUndefined();
      expect(failed.error).toBe("CredentialsSignin");
    }
    const locked = await attemptSignIn({ ...account, address: attacker });
    expect(locked.session).toBeUndefined();
    expect(locked.error).toContain("Too many failed sign-ins to this account");

    // The owner, elsewhere, is not locked out by the attacker's failures.
    const owner = await attemptSignIn({ ...account, address: randomClientAddress() });
    expect(owner.session).toBeDefined();
  });

  test("successful sign-ins do not count as failures", async () => {
    const account = await signedUp();
    const address = randomClientAddress();
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect((await attemptSignIn({ ...account, address })).session).toBeDefined();
    }
  });

  test("an address gets ten attempts at once, whatever the accounts", async () => {
    const address = randomClientAddress();
    const errors: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const result = await attemptSignIn({
        email: `nobody.${attempt}.${randomBytes(3).toString("hex")}@example.test`,
        password: "whatever it is",
        address,
      });
      expect(result.session).toBeUndefined();
      errors.push(result.error);
    }
    expect(errors.slice(0, 10)).toEqual(Array(10).fill("CredentialsSignin"));
    expect(errors[10]).toContain("Too many sign-in attempts from your network");
  });
});

describe("sign-up throttling", () => {
  test("an address gets ten sign-ups at once, then 429 with Retry-After", async () => {
    const address = randomClientAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const created = await signUpAccount(newAccount(), undefined, address);
      expect(created.status).toBe(201);
    }
    const refusedAccount = newAccount();
    const refused = await signUpAccount(refusedAccount, undefined, address);
    await expectError(
      { status: refused.status, headers: refused.headers, body: await refused.json() },
      429,
      "rate_limited",
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const [stored] = await db.select().from(users).where(eq(users.email, refusedAccount.email));
    expect(stored).toBeUndefined();

    expect((await signUpAccount(newAccount(), undefined, randomClientAddress())).status).toBe(201);
  });
});
