import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { build } from "esbuild";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { runSettlement } from "./support/settlement";

const verifierPage = `<!doctype html><title>Verifier</title><script type="module">
  import { verifyReceiptBundle } from "/sdk.js";
  window.verify = async (bundle, jwksUrl) =>
    verifyReceiptBundle(bundle, await (await fetch(jwksUrl)).json());
  document.title = "ready";
</script>`;

/**
 * A verifier anyone could host: a plain page and the SDK's bundle, served by an HTTP server of
 * its own, so that the page's origin is not the service's (loopback: a secure context, where
 * WebCrypto is, and the same local address space as the service).
 */
async function startVerifierSite(sdk: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const script = request.url === "/sdk.js";
    response.writeHead(200, { "content-type": script ? "text/javascript" : "text/html" });
    response.end(script ? sdk : verifierPage);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * The SDK's ESM entry, as a browser app bundles it (esbuild for the browser platform: a Node
 * built-in anywhere in what verifyReceiptBundle pulls in fails the build).
 */
async function browserBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: 'export { verifyReceiptBundle } from "@agent-settlement/sdk";',
      resolveDir: process.cwd(),
      loader: "js",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  return result.outputFiles[0]!.text;
}

let verifier: { origin: string; server: Server } | undefined;
test.afterEach(() => verifier?.server.close());

test("a receipt bundle verifies in Chromium, on a plain page of another origin, with the SDK and the public JWKS", async ({
  page,
  request,
  baseURL,
}) => {
  await new SignUpPage(page).signUp(newAccount("Verifier"));
  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Bundle" });
  const deal = await runSettlement(request, key, { value: 31_40 });
  const listed = await callApi(request, {
    path: `/sandbox/v1/receipts?settlementId=${deal.settlementId}`,
    key,
  });
  const receiptId = listed.body.data[0].id as string;
  let bundle: Record<string, any> = {};
  await expect(async () => {
    const answer = await callApi(request, {
      path: `/sandbox/v1/receipts/${receiptId}/bundle`,
      key,
    });
    expect(answer.status).toBe(200);
    bundle = answer.body;
  }).toPass({ timeout: 20_000 });

  verifier = await startVerifierSite(await browserBundle());
  await page.goto(`${verifier.origin}/`);
  await expect(page).toHaveTitle("ready");

  // The JWKS comes straight from the service, across origins (CORS), as a browser app reads it.
  const jwksUrl = `${baseURL}/.well-known/jwks.json`;
  const verdict = await page.evaluate(([document, url]) => (window as any).verify(document, url), [
    bundle,
    jwksUrl,
  ] as const);
  expect(verdict.status).toBe("valid");
  expect(
    verdict.checks.map((check: { name: string; ok: boolean }) => [check.name, check.ok]),
  ).toEqual([
    ["schema", true],
    ["evidence_chain", true],
    ["attest_hash", true],
    ["terms", true],
    ["policy", true],
    ["agreement", true],
    ["signing_keys", true],
    ["inclusion", true],
    ["tree_head_signature", true],
    ["tree_head_key_window", true],
  ]);

  // The amount changed by one cent: refused in the browser, the failing check named.
  const tampered = { ...bundle, amount: { ...bundle.amount, value: bundle.amount.value + 1 } };
  const refused = await page.evaluate(([document, url]) => (window as any).verify(document, url), [
    tampered,
    jwksUrl,
  ] as const);
  expect(refused.status).toBe("invalid");
  expect(
    refused.checks
      .filter((check: { ok: boolean }) => !check.ok)
      .map((check: { name: string }) => check.name),
  ).toContain("attest_hash");
});
