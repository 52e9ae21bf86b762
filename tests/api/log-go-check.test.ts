import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { formatNoteVerifierKey } from "@/lib/attest";
import { rotateTreeHeadKey } from "@/lib/receipts/rotate-tree-head-key";
import { buildLogcheck } from "../support/go-logcheck";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant } from "../support/tenant";

/*
 * The outside check: Go's reference packages (golang.org/x/mod/sumdb/note and tlog, the code
 * behind the Go checksum database) verify the sandbox log as any outsider reads it over HTTP:
 * the signed note against the published vkey, the tree rebuilt from tiles, inclusion proofs of
 * leaves across the log, consistency proofs from earlier sizes, and the transition checkpoints
 * of a key rotation, signed by both keys.
 */
const log = () => `${inject("baseUrl")}/sandbox/v1/attest/log`;
let logcheck: Awaited<ReturnType<typeof buildLogcheck>>;

beforeAll(async () => {
  logcheck = await buildLogcheck();
  const tenant = await seedTenant();
  // Enough leaves for more than one tile level's worth of proofs to differ.
  for (let i = 0; i < 5; i++) {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
  }
  await sealAll("sandbox");
  // A key rotation midway, so the check covers a transition checkpoint signed by both keys.
  await rotateTreeHeadKey();
  for (let i = 0; i < 2; i++) {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
  }
  await sealAll("sandbox");
}, 120_000);

/** A proxy to the log that flips the last byte of every tile it passes on. */
async function tamperingTiles(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const upstream = await fetch(`${inject("baseUrl")}${request.url}`, {
      headers: {
        accept: request.headers.accept ?? "*/*",
        "x-forwarded-for": String(request.headers["x-forwarded-for"] ?? ""),
      },
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (request.url?.includes("/tile/") && body.length > 0) body[body.length - 1]! ^= 0xff;
    response.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sandbox/v1/attest/log`, server };
}

describe("Go's sumdb note and tlog packages", () => {
  // Each run waits out the public reads' rate limit (a burst of 10, then one a second).
  test("verify the checkpoint, the tiles, inclusion and consistency proofs", {
    timeout: 60_000,
  }, async () => {
    const checked = await logcheck(log());
    expect(checked.output).toMatch(/^ok note signature: [^\n]+\/attest\/sandbox, size \d+$/m);
    expect(checked.output).toContain(
      "ok tiles: the tree hash rebuilt from them is the checkpoint's",
    );
    expect(checked.output).toMatch(
      /^ok key transitions: [1-9]\d*, each signed by both keys over this log's tree$/m,
    );
    // Eight leaves spread over the log: every ⌊size/8⌋th, so 2 to 15 of them.
    expect(checked.output).toMatch(/^ok inclusion: (?:[2-9]|1[0-5]) leaves$/m);
    expect(checked.output).toMatch(/^ok consistency: [1-3] earlier sizes$/m);
    expect(checked.code, checked.output).toBe(0);
  });

  test("refuse the note under a key that did not sign it", async () => {
    const checkpoint = await (
      await fetch(`${log()}/checkpoint`, { headers: { accept: "application/json" } })
    ).json();
    const { x } = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    const impostor = formatNoteVerifierKey({ keyName: checkpoint.origin, x: x! });
    expect(checkpoint.vkey).not.toBe(impostor);
    const refused = await logcheck(log(), impostor);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("FAIL note signature");
  });

  test("refuse tiles changed on their way", { timeout: 60_000 }, async () => {
    const proxy = await tamperingTiles();
    try {
      const refused = await logcheck(proxy.url);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("ok note signature");
      expect(refused.output).toContain("FAIL tiles");
    } finally {
      proxy.server.close();
    }
  });
});
