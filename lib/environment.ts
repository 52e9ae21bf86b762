export const environments = ["sandbox", "production"] as const;
export type TEnvironment = (typeof environments)[number];

export const keyPrefixes: Record<TEnvironment, string> = {
  sandbox: "sk_test_",
  production: "sk_live_",
};

export const basePaths: Record<TEnvironment, string> = {
  sandbox: "/sandbox/v1",
  production: "/v1",
};

/** Where each environment's MCP server answers. */
export const mcpPaths: Record<TEnvironment, string> = {
  sandbox: "/sandbox/mcp",
  production: "/mcp",
};
