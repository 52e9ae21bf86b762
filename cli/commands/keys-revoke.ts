import { parseArgs } from "node:util";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { type TCliCommand, UsageError } from "../command";
import { organizationOfKey } from "./organization-of-key";

export const keysRevoke: TCliCommand = {
  path: ["keys", "revoke"],
  usage: "keys revoke --key <id>",
  summary: "revoke a key at once",
  async run(args) {
    const { values } = parseArgs({ args, options: { key: { type: "string" } } });
    if (!values.key) throw new UsageError("--key is required");
    const key = await revokeApiKey({
      organizationId: await organizationOfKey(values.key),
      keyId: values.key,
    });
    console.log(`${key.id}\trevoked at ${key.revokedAt}`);
  },
};
