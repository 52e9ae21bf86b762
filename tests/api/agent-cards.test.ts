import { AgentCard } from "@a2a-js/sdk";
import { DefaultAgentCardResolver } from "@a2a-js/sdk/client";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { newSigningKey } from "../support/agent-keys";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(async () => {
  await tenant?.remove();
});

const cardPath = (environment: "sandbox" | "production", agentId: string) =>
  `${environment === "sandbox" ? "/sandbox/v1" : "/v1"}/agents/${agentId}/agent-card.json`;

describe("GET /v1/agents/:id/agent-card.json", () => {
  for (const environment of ["sandbox", "production"] as const) {
    test(`a discoverable agent's card in ${environment} is a valid A2A card, public`, async () => {
      const key = tenant.keys[environment];
      const created = await call("POST", "/agents", {
        key,
        environment,
        body: {
          name: "Translator",
          description: "Translates documents",
          capabilities: ["translate", "summarize"],
          endpointUrl: "https://translator.example/a2a",
        },
      });
      expect(created.status).toBe(201);
      const agentId: string = created.body.id;
      const signer = newSigningKey("EdDSA");
      const added = await call("POST", `/agents/${agentId}/keys`, {
        key,
        environment,
        body: { jwk: signer.publicJwk },
      });
      expect(added.status).toBe(201);
      const keyId: string = added.body.id;

      const baseUrl = inject("baseUrl");
      const card = await new DefaultAgentCardResolver().resolve(
        baseUrl,
        cardPath(environment, agentId),
      );
      // The SDK's AgentCard reads every member served, with its type: nothing dropped or coerced.
      expect(AgentCard.fromJSON(card)).toEqual(card);
      expect(card).toMatchObject({
        name: "Translator",
        description: "Translates documents",
        supportedInterfaces: [
          {
            url: "https://translator.example/a2a",
            protocolBinding: "JSONRPC",
            protocolVersion: "1.0",
          },
        ],
      });
      expect(card.skills.map((skill) => skill.id)).toEqual(["translate", "summarize"]);
      const extensions = Object.fromEntries(
        card.capabilities!.extensions.map((extension) => [extension.uri, extension.params]),
      );
      expect(extensions["urn:agent-settlement:a2a:agent-keys:v1"]).toEqual({
        keys: [{ ...signer.publicJwk, kid: keyId, alg: "EdDSA" }],
      });
      expect(extensions["urn:agent-settlement:a2a:x402-payments:v1"]).toMatchObject({
        accepts: [{ scheme: "exact", network: `agent-settlement:${environment}`, payTo: agentId }],
      });
    });
  }

  test("an agent that is not discoverable, or of the other environment, has no card", async () => {
    const hidden = await agentOf(tenant.keys.sandbox, { name: "Hidden", discoverable: false });
    expectError(await call("GET", cardPath("sandbox", hidden)), 404, "not_found");
    const listed = await agentOf(tenant.keys.sandbox, { name: "Listed" });
    expectError(await call("GET", cardPath("production", listed)), 404, "not_found");
  });
});
