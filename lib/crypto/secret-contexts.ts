/**
 * Every column holding a sealed secret, named by table, column and row: the context a value is
 * sealed for, so that it opens in that cell only.
 */
export const secretContexts = {
  webhookSecret: (endpointId: string) => `webhook_endpoints.secret:${endpointId}`,
  webhookPreviousSecret: (endpointId: string) => `webhook_endpoints.previous_secret:${endpointId}`,
  jwtPrivateKey: (kid: string) => `jwt_signing_keys.private_pem:${kid}`,
  treeHeadPrivateKey: (kid: string) => `tree_head_keys.private_key_pem:${kid}`,
  instanceSecret: (name: string) => `instance_secrets.value:${name}`,
  totpSecret: (userId: string) => `users.totp_secret:${userId}`,
};

/** The `instance_secrets` rows that are secrets (the attest log's name, kept there too, is public). */
export const sealedInstanceSecretNames = { nextauthSecret: "nextauth_secret" } as const;
