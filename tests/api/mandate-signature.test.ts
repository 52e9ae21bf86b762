import { mandateStatementText, verifyReceiptBundle } from "@agent-settlement/sdk";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hashMandate, type TReceiptBundle } from "@/lib/attest";
import { resealBundle } from "@/lib/attest/fixtures";
import { newSigningKey, registerKey, type TSigningKey } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { agentOf, pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

/*
 * Signed mandates: another agent of the organization (the issuer) signs what the payer may
 * spend; the receipt carries the signature, and every verifier names the signer or refuses a
 * mandate record rebuilt over other terms.
 */

let tenant: TTestTenant;
let payer: string;
let payee: string;
let issuer: string;
let issuerKey: TSigningKey;
let issuerKid: string;
const key = () => tenant.keys.sandbox;
const limits = [{ currency: "USD", perSettlement: 1000, perDay: 5000 }];

const sign = (signer: TSigningKey, kid: string, text: string) =>
  new CompactSign(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: signer.algorithm, kid })
    .sign(signer.privateKey);

const statement = (terms: { limits: typeof limits; allowedCounterparties?: string[] | null }) =>
  mandateStatementText({
    agentId: payer,
    terms: { allowedCounterparties: null, expiresAt: null, ...terms },
  });

const patchMandate = (body: unknown) =>
  call("PATCH", `/agents/${payer}`, { key: key(), body: { mandate: body } });

beforeAll(async () => {
  tenant = await seedTenant();
  payer = await agentOf(key());
  payee = await agentOf(key());
  issuer = await agentOf(key(), { name: "Treasury" });
  issuerKey = newSigningKey();
  issuerKid = await registerKey(key(), issuer, issuerKey);
});
afterAll(async () => {
  await tenant?.remove();
});

describe("setting a signed mandate", () => {
  test("refuses a signature that is not another agent's over exactly these terms, and changes nothing", async () => {
    const before = (await call("GET", `/agents/${payer}`, { key: key() })).body.mandate;
    const ownKey = newSigningKey();
    const ownKid = await registerKey(key(), payer, ownKey);
    const cases: [string, RegExp][] = [
      [await sign(ownKey, ownKid, statement({ limits })), /cannot sign its own mandate/],
      [
        await sign(issuerKey, issuerKid, statement({ limits: [{ ...limits[0]!, perDay: 9000 }] })),
        /does not sign the canonical JSON of \{type, agentId, limits, allowedCounterparties, expiresAt\}/,
      ],
      [
        await sign(newSigningKey(), issuerKid, statement({ limits })),
        /does not verify with the key/,
      ],
      [await sign(issuerKey, "key-unknown", statement({ limits })), /has a key key-unknown/],
      [await sign(issuerKey, "akey-\u0000", statement({ limits })), /must be a compact JWS naming/],
      ["not-a-jws", /must be a compact JWS/],
    ];
    for (const [signature, message] of cases) {
      const refused = await patchMandate({ limits, signature });
      expect(expectError(refused, 400, "invalid_request", "mandate.signature").message).toMatch(
        message,
      );
    }
    expect((await call("GET", `/agents/${payer}`, { key: key() })).body.mandate).toEqual(before);
  });

  test("takes the issuer's signature and shows who signed", async () => {
    const signature = await sign(issuerKey, issuerKid, statement({ limits }));
    const set = await patchMandate({ limits, signature });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.mandate).toMatchObject({
      limits,
      signedBy: { agentId: issuer, keyId: issuerKid },
      hash: hashMandate({ limits, allowedCounterparties: null, expiresAt: null }),
    });
    const listed = await call("GET", `/agents?limit=100`, { key: key() });
    const row = listed.body.data.find((agent: { id: string }) => agent.id === payer);
    expect(row.mandate.signedBy).toEqual({ agentId: issuer, keyId: issuerKid });
    // The same terms and signature again change nothing.
    const again = await patchMandate({ limits, signature });
    expect(again.body.mandate.version).toBe(set.body.mandate.version);
  });
});

describe("the receipt of a payment under a signed mandate", () => {
  let bundle: TReceiptBundle;
  let jwks: unknown;

  beforeAll(async () => {
    const { settlement } = await pendingSettlement(key(), { payer, payee, value: 700 });
    const executing = await call("POST", `/settlements/${settlement.id}/execute`, {
      key: key(),
      body: {},
    });
    expect(executing.status).toBe(202);
    expect((await settled(key(), settlement.id)).status).toBe("executed");
    bundle = await eventually(async () => {
      const listed = await call("GET", `/receipts?settlementId=${settlement.id}`, { key: key() });
      expect(listed.body.data).toHaveLength(1);
      const found = await call("GET", `/receipts/${listed.body.data[0].id}/bundle`, { key: key() });
      expect(found.status).toBe(200);
      return found.body;
    }, 15_000);
    jwks = (await call("GET", "/.well-known/jwks.json")).body;
  });

  test("names the signer, offline and through the API", async () => {
    const expected = {
      name: "mandate_signature",
      ok: true,
      detail: `the mandate of ${payer} is signed by ${issuer} (key ${issuerKid})`,
    };
    const offline = await verifyReceiptBundle(structuredClone(bundle), jwks);
    expect(offline.status).toBe("valid");
    expect(offline.checks).toContainEqual(expected);
    const online = await call("POST", `/receipts/${bundle.id}/verify`, { key: key(), body: {} });
    expect(online.body.status).toBe("valid");
    expect(online.body.checks).toContainEqual(expected);
  });

  test("a mandate record rebuilt over looser terms keeps a signature that does not cover them", async () => {
    const forged = structuredClone(bundle);
    const record = forged.attest.evidence.find((r) => r.type === "mandate_checked")!;
    const terms = record.payload.mandate as { limits: { perSettlement: number; perDay: number }[] };
    terms.limits[0]!.perSettlement = 1_000_000;
    terms.limits[0]!.perDay = 1_000_000;
    const hash = hashMandate(record.payload.mandate as Parameters<typeof hashMandate>[0]);
    record.payload.mandateHash = hash;
    const executed = forged.attest.evidence.find((r) => r.type === "settlement_executed")!;
    (executed.payload.mandate as { hash: string }).hash = hash;
    resealBundle(forged);
    const refused = await verifyReceiptBundle(forged, jwks);
    expect(refused.checks.filter((check) => !check.ok)).toEqual([
      {
        name: "mandate_signature",
        ok: false,
        detail: `the mandate signature of ${issuer} does not sign the canonical JSON of {type, agentId, limits, allowedCounterparties, expiresAt}`,
      },
      expect.objectContaining({ name: "inclusion", ok: false }),
    ]);
  });

  test("an unsigned mandate is said to be unsigned", async () => {
    const unsigned = structuredClone(bundle);
    const record = unsigned.attest.evidence.find((r) => r.type === "mandate_checked")!;
    delete record.payload.signature;
    resealBundle(unsigned);
    const result = await verifyReceiptBundle(unsigned, jwks);
    expect(result.checks).toContainEqual({
      name: "mandate_signature",
      ok: true,
      detail: `the mandate of ${payer} is not signed`,
    });
  });
});
