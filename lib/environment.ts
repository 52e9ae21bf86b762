export const environments = ["sandbox", "production"] as const;
export type Environment = (typeof environments)[number];

export const keyPrefixes: Record<Environment, string> = {
  sandbox: "sk_test_",
  production: "sk_live_",
};

export const basePaths: Record<Environment, string> = {
  sandbox: "/sandbox/v1",
  production: "/v1",
};
