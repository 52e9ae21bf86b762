import { createHash, randomBytes } from "node:crypto";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { apiKeys, memberships } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { randomClientAddress } from "../support/api";
import { consoleCall, removeMembers } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { startLoopbackHttps, type TLoopbackHttps } from "../support/loopback-https";
import { MemoryOAuthProvider } from "../support/oauth-provider";

const base = () => inject("baseUrl");
const REDIRECT = "http://127.0.0.1:33418/callback";

let member: TMember;
beforeAll(async () => {
  member = await signedUpMember();
});
afterAll(() => removeMembers([member]));

/** The member answers the consent screen of `url`: where the browser is sent next. */
async function consent(url: URL, allow = true) {
  const answer = await consoleCall(
    member,
    "POST",
    `/api/console/oauth/${allow ? "allow" : "deny"}`,
    {
      query: url.search.slice(1),
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new URL(answer.body.redirectTo);
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    "x-forwarded-for": randomClientAddress(),
  },
  body: new URLSearchParams(fields),
});

const registerClient = async (metadata: unknown) => {
  const response = await fetch(`${base()}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomClientAddress() },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: await response.json() };
};

describe("OAuth for the MCP server, with the official MCP client", () => {
  test("a host with no key is challenged, the member consents, and the host calls tools with the key it got", async () => {
    const provider = new MemoryOAuthProvider(REDIRECT, "Test host");
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/sandbox/mcp`), {
      authProvider: provider,
      requestInit: { headers: { "x-forwarded-for": randomClientAddress() } },
    });
    const client = new Client({ name: "oauth-host", version: "1.0.0" });
    await client.connect(transport);
    // Discovery needs no credential; the first call that needs one starts the authorization.
    await expect(client.callTool({ name: "list_agents", arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const opened = provider.opened!;
    expect(opened.origin + opened.pathname).toBe(`${base()}/oauth/authorize`);
    expect(Object.fromEntries(opened.searchParams)).toMatchObject({
      response_type: "code",
      client_id: provider.client?.client_id,
      redirect_uri: REDIRECT,
      code_challenge_method: "S256",
      resource: `${base()}/sandbox/mcp`,
      scope: allScopes.join(" "),
    });
    // The consent screen itself, as the member's browser opens it.
    const page = await fetch(opened, { headers: { cookie: member.cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    // No other site may frame it (clickjacking).
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(html).toContain("Allow <!-- -->Test host<!-- -->?");

    const back = await consent(opened);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(opened.searchParams.get("state"));
    expect(back.searchParams.get("iss")).toBe(base());
    await transport.finishAuth(back.searchParams.get("code")!);
    expect(provider.saved).toMatchObject({
      token_type: "Bearer",
      expires_in: 30 * 86_400,
      scope: allScopes.join(" "),
    });

    const created = await client.callTool({
      name: "create_agent",
      arguments: { body: { name: "Made over OAuth" } },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const listed = await client.callTool({ name: "list_agents", arguments: {} });
    expect((listed.structuredContent as { data: { name: string }[] }).data).toEqual([
      expect.objectContaining({ name: "Made over OAuth" }),
    ]);

    // The token is a key of the member's organization: on the keys page, and revocable there.
    const keys = await consoleCall(member, "GET", "/api/console/keys?environment=sandbox");
    const issued = keys.body.data.find((key: { name: string }) => key.name === "MCP: Test host");
    expect(issued).toMatchObject({ environment: "sandbox" });
    expect([...issued.scopes].sort()).toEqual([...allScopes].sort());
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const revoked = await consoleCall(member, "POST", `/api/console/keys/${issued.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    const raw = await fetch(`${base()}/sandbox/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        "x-forwarded-for": randomClientAddress(),
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "list_agents", arguments: {} },
      }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", resource_metadata="${base()}/.well-known/oauth-protected-resource/sandbox/mcp"`,
    );
    expect(await raw.json()).toMatchObject({ id: 7, result: { isError: true } });
    const audit = await consoleCall(member, "GET", "/api/console/team/audit?action=oauth");
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: "oauth.allow", environment: "sandbox" }),
    );
  });
});

describe("the metadata", () => {
  test("each MCP server names its resource and this authorization server; the server says what it supports", async () => {
    for (const [path, environment] of [
      ["/mcp", "production"],
      ["/sandbox/mcp", "sandbox"],
    ] as const) {
      const response = await fetch(`${base()}/.well-known/oauth-protected-resource${path}`);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual({
        resource: `${base()}${path}`,
        authorization_servers: [base()],
        scopes_supported: allScopes,
        bearer_methods_supported: ["header"],
        resource_name: `Agent Settlement Service MCP (${environment})`,
      });
    }
    const unknown = await fetch(`${base()}/.well-known/oauth-protected-resource/v1`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    const server = await (await fetch(`${base()}/.well-known/oauth-authorization-server`)).json();
    expect(server).toEqual({
      issuer: base(),
      authorization_endpoint: `${base()}/oauth/authorize`,
      token_endpoint: `${base()}/oauth/token`,
      registration_endpoint: `${base()}/oauth/register`,
      scopes_supported: allScopes,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });
});

describe("client ID metadata documents, with the official MCP client", () => {
  // The host's own site, over https: its documents, good and bad, by path.
  let site: TLoopbackHttps;
  const documents: Record<string, (url: string) => unknown> = {
    "/client.json": (url) => ({
      client_id: url,
      client_name: "Published host",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    }),
    "/other-id.json": () => ({ client_id: "https://elsewhere.example/client.json" }),
    "/with-secret.json": (url) => ({
      client_id: url,
      redirect_uris: [REDIRECT],
      client_secret: "s3cret",
    }),
    "/confidential.json": (url) => ({
      client_id: url,
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "client_secret_basic",
    }),
    "/big.json": (url) => ({ client_id: url, redirect_uris: [REDIRECT], pad: "x".repeat(70_000) }),
  };
  beforeAll(async () => {
    site = await startLoopbackHttps((req, res) => {
      const path = req.url ?? "";
      if (path === "/moved.json") {
        res.writeHead(302, { location: "/client.json" }).end();
        return;
      }
      const document = documents[path];
      if (!document) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(document(`${site.origin}${path}`)));
    });
  });
  afterAll(() => site.close());

  test("a host that publishes its metadata at an https URL is authorized without registering", async () => {
    const clientId = `${site.origin}/client.json`;
    const provider = new MemoryOAuthProvider(REDIRECT, "Ignored name", clientId);
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/sandbox/mcp`), {
      authProvider: provider,
      requestInit: { headers: { "x-forwarded-for": randomClientAddress() } },
    });
    const client = new Client({ name: "published-host", version: "1.0.0" });
    await client.connect(transport);
    await expect(client.callTool({ name: "list_agents", arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const opened = provider.opened!;
    // The URL is the client_id: the client never called the registration endpoint.
    expect(opened.searchParams.get("client_id")).toBe(clientId);
    const page = await fetch(opened, { headers: { cookie: member.cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Allow <!-- -->Published host<!-- -->?");
    expect(html).toContain(`Described by <strong>${new URL(site.origin).host}</strong>`);
    // The server fetched the document itself, with no credential of anyone's.
    const fetched = site.requests.filter((request) => request.path === "/client.json");
    expect(fetched.length).toBeGreaterThan(0);
    for (const request of fetched) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }

    const back = await consent(opened);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    await transport.finishAuth(back.searchParams.get("code")!);
    expect(provider.saved?.refresh_token).toMatch(/^rt_/);
    const listed = await client.callTool({ name: "list_agents", arguments: {} });
    expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
    // The key is named after the document's client_name.
    const [issued] = await db
      .select()
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.organizationId, member.organizationId),
          eq(apiKeys.name, "MCP: Published host"),
        ),
      );
    expect(issued).toMatchObject({ environment: "sandbox" });
  });

  test("a document that does not describe the client at its URL, or that the server may not fetch, is refused and never redirected to", async () => {
    const challenge = createHash("sha256")
      .update(randomBytes(32).toString("base64url"))
      .digest("base64url");
    const authorize = (clientId: string, resource = `${base()}/sandbox/mcp`) => {
      const url = new URL(`${base()}/oauth/authorize`);
      for (const [name, value] of Object.entries({
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource,
        state: "s-2",
      }))
        url.searchParams.set(name, value);
      return fetch(url, { headers: { cookie: member.cookie }, redirect: "manual" });
    };
    for (const [path, why] of [
      ["/other-id.json", "its client_id is not the URL it was fetched from"],
      ["/with-secret.json", "it holds client_secret"],
      ["/confidential.json", "token_endpoint_auth_method: only public clients (none)"],
      ["/big.json", "it is larger than 65536 bytes"],
      ["/moved.json", "it answered HTTP 302, not 200"],
      ["/missing.json", "it answered HTTP 404, not 200"],
      ["/a/../client.json", "client_id must be a normalized https URL"],
    ] as const) {
      const page = await authorize(`${site.origin}${path}`);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain("This request cannot be authorized");
      expect(html, path).toContain(why);
    }
    // Production's rules: a document on a loopback address is never fetched.
    const asked = site.requests.length;
    const production = await authorize(`${site.origin}/client.json`, `${base()}/mcp`);
    expect(await production.text()).toContain("its host is refused (loopback address)");
    expect(site.requests.length).toBe(asked);
    // Signed out, nothing is fetched: the member signs in first.
    const signedOut = await fetch(
      `${base()}/oauth/authorize?client_id=${site.origin}/client.json`,
      {
        redirect: "manual",
      },
    );
    expect(signedOut.status).toBe(307);
    expect(site.requests.length).toBe(asked);
  });
});

describe("refresh tokens, with the official MCP client", () => {
  test("an expired access token is refreshed by the client itself; a refresh token used twice ends the chain", async () => {
    const provider = new MemoryOAuthProvider(REDIRECT, "Refreshing host");
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/sandbox/mcp`), {
      authProvider: provider,
      requestInit: { headers: { "x-forwarded-for": randomClientAddress() } },
    });
    const client = new Client({ name: "refreshing-host", version: "1.0.0" });
    await client.connect(transport);
    await expect(client.callTool({ name: "list_agents", arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await transport.finishAuth((await consent(provider.opened!)).searchParams.get("code")!);
    const first = provider.saved!;
    expect(first.refresh_token).toMatch(/^rt_/);
    const keysNamed = () =>
      db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.organizationId, member.organizationId),
            eq(apiKeys.name, "MCP: Refreshing host"),
          ),
        );
    const [issued] = await keysNamed();

    // Thirty days later: the access token has expired (the server's key cache lives 300 ms).
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, issued!.id));
    await new Promise((resolve) => setTimeout(resolve, 600));
    const listed = await client.callTool({ name: "list_agents", arguments: {} });
    expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
    const second = provider.saved!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toMatch(/^rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // The same key, rolled: one line on the keys page, its new secret good for 30 days.
    const keys = await keysNamed();
    const current = keys.find((key) => key.replacedById === null)!;
    expect(keys.find((key) => key.id === issued!.id)?.replacedById).toBe(current.id);
    expect(current.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // The first refresh token again, as a thief would: refused, and the access it led to ends.
    const reused = await fetch(
      `${base()}/oauth/token`,
      form({
        grant_type: "refresh_token",
        refresh_token: first.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    );
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe("invalid_grant");
    const [ended] = await db.select().from(apiKeys).where(eq(apiKeys.id, current.id));
    expect(ended!.revokedAt).not.toBeNull();
    const next = await fetch(
      `${base()}/oauth/token`,
      form({
        grant_type: "refresh_token",
        refresh_token: second.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    );
    expect((await next.json()).error).toBe("invalid_grant");
  });
});

describe("refusals", () => {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  let clientId: string;
  beforeAll(async () => {
    const registered = await registerClient({ redirect_uris: [REDIRECT], client_name: "Strict" });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      client_name: "Strict",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(registered.body).not.toHaveProperty("client_secret");
    clientId = registered.body.client_id;
  });

  const authorizeUrl = (overrides: Record<string, string> = {}) => {
    const url = new URL(`${base()}/oauth/authorize`);
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: `${base()}/sandbox/mcp`,
      scope: "agent.read",
      state: "s-1",
      ...overrides,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };

  test("registration: a redirect URI a public client may not use, or a confidential client, is 400 in OAuth's words", async () => {
    for (const [metadata, error] of [
      [{ redirect_uris: ["http://example.com/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://example.com/cb#frag"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{}, "invalid_redirect_uri"],
      [
        { redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic" },
        "invalid_client_metadata",
      ],
      [{ redirect_uris: [REDIRECT], client_name: "nul\u0000" }, "invalid_client_metadata"],
    ] as const) {
      const refused = await registerClient(metadata);
      expect(refused.status, JSON.stringify(metadata)).toBe(400);
      expect(refused.body, JSON.stringify(metadata)).toEqual({
        error,
        error_description: expect.any(String),
      });
    }
  });

  test("the consent screen never sends an unknown client or redirect URI anywhere; other mistakes go back to the client", async () => {
    const untrusted: Record<string, string>[] = [
      { client_id: "oac-unknown" },
      { redirect_uri: "http://127.0.0.1:1/x" },
    ];
    for (const overrides of untrusted) {
      const page = await fetch(authorizeUrl(overrides), {
        headers: { cookie: member.cookie },
        redirect: "manual",
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("This request cannot be authorized");
    }
    for (const [overrides, error] of [
      [{ scope: "agent.read money.print" }, "invalid_scope"],
      [{ resource: `${base()}/v1` }, "invalid_target"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
    ] as const) {
      const page = await fetch(authorizeUrl(overrides), {
        headers: { cookie: member.cookie },
        redirect: "manual",
      });
      expect(page.status, error).toBe(307);
      const back = new URL(page.headers.get("location")!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get("error")).toBe(error);
      expect(back.searchParams.get("state")).toBe("s-1");
    }
    // Signed out, the screen sends the member to sign in and back.
    const signedOut = await fetch(authorizeUrl(), { redirect: "manual" });
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("location")).toMatch(
      /^\/sign-in\?callbackUrl=%2Foauth%2Fauthorize%3F/,
    );
  });

  test("a denial goes back as access_denied; a viewer cannot allow", async () => {
    const denied = await consent(authorizeUrl(), false);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("code")).toBeNull();
    await db
      .update(memberships)
      .set({ role: "viewer" })
      .where(eq(memberships.organizationId, member.organizationId));
    try {
      const refused = await consoleCall(member, "POST", "/api/console/oauth/allow", {
        query: authorizeUrl().search.slice(1),
      });
      expect(refused.status).toBe(403);
    } finally {
      await db
        .update(memberships)
        .set({ role: "owner" })
        .where(eq(memberships.organizationId, member.organizationId));
    }
  });

  test("the token endpoint: the code once, by its client, with its redirect URI and verifier; a replayed code revokes the key", async () => {
    const code = (await consent(authorizeUrl())).searchParams.get("code")!;
    const exchange = (fields: Record<string, string>) =>
      fetch(`${base()}/oauth/token`, form(fields)).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    const fields = {
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    };
    for (const [changed, error] of [
      [{ grant_type: "password" }, "unsupported_grant_type"],
      [{ code_verifier: randomBytes(32).toString("base64url") }, "invalid_grant"],
      [{ redirect_uri: "http://127.0.0.1:9/other" }, "invalid_grant"],
      [{ client_id: "oac-other" }, "invalid_grant"],
      [{ code: "nope" }, "invalid_grant"],
      [{ code_verifier: "short" }, "invalid_request"],
      [{ resource: `${base()}/mcp` }, "invalid_target"],
    ] as const) {
      const refused = await exchange({ ...fields, ...changed });
      expect(refused, error).toEqual({
        status: 400,
        body: { error, error_description: expect.any(String) },
      });
    }
    const granted = await exchange(fields);
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      access_token: expect.stringMatching(/^sk_test_/),
      token_type: "Bearer",
      expires_in: 30 * 86_400,
      refresh_token: expect.stringMatching(/^rt_[0-9A-Za-z]{43}$/),
      scope: "agent.read",
    });
    // The refresh token: once, by its client, for no more than was granted.
    const refresh = (changed: Record<string, string> = {}) =>
      exchange({
        grant_type: "refresh_token",
        refresh_token: granted.body.refresh_token,
        client_id: clientId,
        ...changed,
      });
    for (const [changed, error] of [
      [{ client_id: "oac-other" }, "invalid_grant"],
      [{ refresh_token: "rt_unknown" }, "invalid_grant"],
      [{ refresh_token: "" }, "invalid_request"],
      [{ scope: "agent.read agent.create" }, "invalid_scope"],
      [{ resource: `${base()}/mcp` }, "invalid_target"],
    ] as const) {
      const refused = await refresh(changed);
      expect(refused, error).toEqual({
        status: 400,
        body: { error, error_description: expect.any(String) },
      });
    }
    const replayed = await exchange(fields);
    expect(replayed.body.error).toBe("invalid_grant");
    const [key] = await db
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.organizationId, member.organizationId), eq(apiKeys.name, "MCP: Strict")),
      );
    expect(key).toMatchObject({ name: "MCP: Strict", scopes: ["agent.read"] });
    expect(key!.revokedAt).not.toBeNull();
    // The refresh token of a revoked access gives none.
    expect((await refresh()).body.error).toBe("invalid_grant");
    const json = await fetch(`${base()}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomClientAddress() },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe("invalid_request");
  });
});
