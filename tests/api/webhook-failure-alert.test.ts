import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { call, eventually } from "../support/api";
import { removeMembers, sandboxKeyFor } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { mailBody, mailsTo } from "../support/smtp-sink";

let member: TMember;
let key: string;
let email: string;
let failing: TReceiver;
beforeAll(async () => {
  member = await signedUpMember();
  key = await sandboxKeyFor(member);
  const me = await call("GET", "/api/console/team/members", {
    headers: { cookie: member.cookie },
  });
  email = me.body.data[0].email;
  failing = await startReceiver({ handler: answer(503) });
});
afterAll(async () => {
  await failing?.close();
  await removeMembers([member]);
});

const alertSubject = "Webhook endpoint failing";

describe("an endpoint that keeps failing", () => {
  // Retries of a failing endpoint follow each other about a second apart, slower on a busy machine.
  test("its organization's owners are mailed once, at the third failure in a row", {
    timeout: 120_000,
  }, async () => {
    const created = await call("POST", "/webhooks", {
      key,
      body: {
        url: `${failing.origin}/hook`,
        events: ["agent.registered"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const endpointId = created.body.id as string;
    for (const name of ["One", "Two"]) {
      await call("POST", "/agents", { key, body: { name } });
    }
    const mail = await eventually(async () => {
      const found = mailsTo(inject("mailFolder"), email, alertSubject);
      expect(found).toHaveLength(1);
      return found[0]!;
    }, 60_000);
    expect(mail).toMatch(
      new RegExp(`^Subject: Webhook endpoint failing: ${failing.origin}/hook$`, "m"),
    );
    const body = mailBody(mail);
    expect(body).toMatch(/failed attempts so far/);
    expect(body).toContain("The last one: HTTP 503.");

    // Retries keep failing; the run of failures is the same, so no second mail.
    await eventually(async () => {
      const attempts = await call("GET", `/webhooks/${endpointId}/deliveries?limit=10`, { key });
      const total = attempts.body.data.reduce(
        (sum: number, delivery: { attempts: number }) => sum + delivery.attempts,
        0,
      );
      expect(total).toBeGreaterThanOrEqual(5);
    }, 60_000);
    expect(mailsTo(inject("mailFolder"), email, alertSubject)).toHaveLength(1);
  });
});
