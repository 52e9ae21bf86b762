import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { x402Network } from "@agent-settlement/sdk/x402";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { Ajv2020 } from "ajv/dist/2020.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { x402Payments } from "@/db/schema";
import { newSigningKey, registerKey } from "../support/agent-keys";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { connectMcp, stdioTransport } from "../support/mcp-client";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { sandboxRequirements, startX402Shop } from "../support/x402-shop";

/*
 * The MCP tool that pays an x402-protected URL, as an agent's own machine runs it: the CLI's
 * stdio server with the agent's key file, the official MCP client, a merchant's Express server
 * with the official x402 middleware and this service as its facilitator.
 */

const network = x402Network("sandbox");
const PRICE = 250;

type TResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
};

let merchant: TTestTenant;
let payerOrg: TTestTenant;
let payer: string;
let payee: string;
let shop: Awaited<ReturnType<typeof startX402Shop>>;
let shopUrl: string;
let keyFile: string;
const clients: Client[] = [];

/** The CLI's MCP server over stdio, for the payer organization's key, with extra options. */
async function stdioClient(...options: string[]) {
  const client = new Client({ name: "agent-host", version: "1.0.0" });
  await client.connect(stdioTransport(payerOrg.keys.sandbox, ...options));
  clients.push(client);
  return client;
}

const balanceOf = async (key: string, agentId: string) => {
  const wallet = await call("GET", `/agents/${agentId}/wallet`, { key });
  return (
    (wallet.body.balances as { currency: string; balance: number }[]).find(
      (b) => b.currency === "USD",
    )?.balance ?? 0
  );
};

beforeAll(async () => {
  merchant = await seedTenant();
  payerOrg = await seedTenant();
  payee = await agentOf(merchant.keys.sandbox, { name: "Report shop" });
  payer = await agentOf(payerOrg.keys.sandbox, { name: "Buyer" });
  const signer = newSigningKey("EdDSA");
  const keyId = await registerKey(payerOrg.keys.sandbox, payer, signer);
  const funded = await call("POST", `/agents/${payer}/wallet/fund`, {
    key: payerOrg.keys.sandbox,
    body: { amount: { value: 10_000, currency: "USD" } },
  });
  expect(funded.status).toBe(200);
  keyFile = join(await mkdtemp(join(tmpdir(), "agent-key-")), "buyer.json");
  await writeFile(
    keyFile,
    JSON.stringify({
      agentId: payer,
      keyId,
      privateJwk: signer.privateKey.export({ format: "jwk" }),
    }),
    { mode: 0o600 },
  );

  shop = await startX402Shop({ merchantKey: merchant.keys.sandbox, payTo: payee, price: PRICE });
  shopUrl = shop.url;
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await shop?.close();
  await merchant?.remove();
  await payerOrg?.remove();
});

describe("pay_x402_url", () => {
  test("only the stdio server holding an agent's key offers it; the hosted server never does", async () => {
    const withKey = await stdioClient("--agent-key-file", keyFile);
    const tool = (await withKey.listTools()).tools.find((t) => t.name === "pay_x402_url");
    expect(tool?.annotations).toEqual({
      title: "Pay for an x402-protected URL",
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(tool?.description).toContain(payer);
    const withoutKey = await stdioClient();
    const plain = (await withoutKey.listTools()).tools.map((t) => t.name);
    expect(plain).toContain("settle");
    expect(plain).not.toContain("pay_x402_url");
    const hosted = await connectMcp({ credential: payerOrg.keys.sandbox });
    clients.push(hosted);
    expect((await hosted.listTools()).tools.map((t) => t.name)).not.toContain("pay_x402_url");
  }, 60_000);

  test("pays what the resource asks, within maxAmount, and answers the resource and the receipt", async () => {
    const client = await stdioClient("--agent-key-file", keyFile);
    const tools = (await client.listTools()).tools;
    const before = await balanceOf(payerOrg.keys.sandbox, payer);
    const result = (await client.callTool({
      name: "pay_x402_url",
      arguments: { url: `${shopUrl}/report`, maxAmount: { value: 500, currency: "USD" } },
    })) as TResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const outcome = result.structuredContent!;
    expect(outcome).toMatchObject({
      status: 200,
      contentType: expect.stringContaining("application/json"),
      payment: { success: true, network, payer, amount: String(PRICE) },
    });
    expect(JSON.parse(outcome.body)).toEqual({ report: "all quiet" });
    expect(outcome.receipt).toMatchObject({
      id: outcome.payment.extra.receiptId,
      settlementId: outcome.payment.transaction,
    });
    expect(result.content[0]!.text).toContain(`receipt ${outcome.payment.extra.receiptId}`);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(tools.find((t) => t.name === "pay_x402_url")!.outputSchema!);
    expect(validate(outcome), ajv.errorsText(validate.errors)).toBe(true);
    expect(await balanceOf(payerOrg.keys.sandbox, payer)).toBe(before - PRICE);
    const payments = await db
      .select()
      .from(x402Payments)
      .where(eq(x402Payments.payerAgentId, payer));
    expect(payments.map((payment) => payment.settlementId)).toContain(outcome.payment.transaction);
  }, 60_000);

  test("a price above maxAmount, or in another currency, is refused before anything is signed", async () => {
    const client = await stdioClient("--agent-key-file", keyFile);
    const before = await balanceOf(payerOrg.keys.sandbox, payer);
    const paymentsBefore = await db
      .select()
      .from(x402Payments)
      .where(eq(x402Payments.payerAgentId, payer));
    for (const maxAmount of [
      { value: PRICE - 1, currency: "USD" },
      { value: 10_000, currency: "EUR" },
    ]) {
      const result = (await client.callTool({
        name: "pay_x402_url",
        arguments: { url: `${shopUrl}/report`, maxAmount },
      })) as TResult;
      expect(result.isError, JSON.stringify(maxAmount)).toBe(true);
      expect(result.content[0]!.text).toBe(
        `payment_refused: Nothing was paid: the resource asks ${PRICE} USD (minor units), beyond maxAmount ${maxAmount.value} ${maxAmount.currency}.`,
      );
    }
    const refused = (await client.callTool({
      name: "pay_x402_url",
      arguments: { url: "ftp://127.0.0.1/report", maxAmount: { value: 1, currency: "USD" } },
    })) as TResult;
    expect(refused.content[0]!.text).toMatch(/^invalid_request: url/);
    expect(await balanceOf(payerOrg.keys.sandbox, payer)).toBe(before);
    expect(
      await db.select().from(x402Payments).where(eq(x402Payments.payerAgentId, payer)),
    ).toHaveLength(paymentsBefore.length);
  }, 60_000);

  test("a signed payment whose answer never comes is reported as maybe settled, not as unpaid", async () => {
    // A merchant that asks for a payment, then drops the connection of the paid request.
    const vanishing = createServer((request, response) => {
      if (request.headers["payment-signature"]) {
        request.socket.destroy();
        return;
      }
      response
        .writeHead(402, {
          "PAYMENT-REQUIRED": encodePaymentRequiredHeader({
            x402Version: 2,
            resource: { url: `http://${request.headers.host}${request.url}` },
            accepts: [sandboxRequirements({ payTo: payee, price: PRICE })],
          }),
        })
        .end();
    });
    await new Promise<void>((resolve) => vanishing.listen(0, "127.0.0.1", resolve));
    try {
      const client = await stdioClient("--agent-key-file", keyFile);
      const result = (await client.callTool({
        name: "pay_x402_url",
        arguments: {
          url: `http://127.0.0.1:${(vanishing.address() as AddressInfo).port}/report`,
          maxAmount: { value: 500, currency: "USD" },
        },
      })) as TResult;
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(
        /^payment_unconfirmed: A payment was signed and sent, but the request failed \(.+\): it may have settled\./,
      );
    } finally {
      vanishing.close();
    }
  }, 60_000);

  test("a key file that is not an agent's key stops the server at start, naming what is wrong", async () => {
    const bad = join(await mkdtemp(join(tmpdir(), "agent-key-")), "bad.json");
    await writeFile(
      bad,
      JSON.stringify({ agentId: payer, keyId: "k", privateJwk: { kty: "RSA" } }),
    );
    const transport = stdioTransport(payerOrg.keys.sandbox, "--agent-key-file", bad);
    const said: string[] = [];
    transport.stderr?.on("data", (chunk) => said.push(String(chunk)));
    await expect(
      new Client({ name: "agent-host", version: "1.0.0" }).connect(transport),
    ).rejects.toThrow();
    expect(said.join("")).toContain("privateJwk.kty");
  }, 60_000);
});
