import { readFile } from "node:fs/promises";
import { InvalidArgumentError } from "commander";
import { z } from "zod";

const ZAgentKeyFile = z.object({
  agentId: z.string().min(1),
  keyId: z.string().min(1),
  privateJwk: z.looseObject({ kty: z.enum(["OKP", "EC"]), d: z.string().min(1) }),
});

/**
 * A paying agent's key as the MCP stdio server reads it: the agent, the id of one of its
 * registered keys, and that key's private JWK (Ed25519 or P-256). It stays in this process.
 */
export async function readAgentKeyFile(path: string) {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new InvalidArgumentError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: z.ZodSafeParseResult<z.infer<typeof ZAgentKeyFile>>;
  try {
    parsed = ZAgentKeyFile.safeParse(JSON.parse(text));
  } catch {
    throw new InvalidArgumentError(`${path} is not JSON`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidArgumentError(
      `${path}: ${issue.path.join(".") || "the file"}: ${issue.message}`,
    );
  }
  const { agentId, keyId, privateJwk } = parsed.data;
  return { agentId, keyId, privateKey: privateJwk as JsonWebKey };
}
