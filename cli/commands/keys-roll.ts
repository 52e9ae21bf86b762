import { parseArgs } from "node:util";
import { rollApiKey } from "@/lib/keys/roll-key";
import { ZRollOverlap } from "@/lib/keys/roll-overlaps";
import { type TCliCommand, UsageError } from "../command";
import { organizationOfKey } from "./organization-of-key";

export const keysRoll: TCliCommand = {
  path: ["keys", "roll"],
  usage: "keys roll --key <id> [--overlap now|1h|24h|7d]",
  summary: "issue a new secret; the old one works until the overlap ends",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { key: { type: "string" }, overlap: { type: "string" } },
    });
    if (!values.key) throw new UsageError("--key is required");
    const overlap = ZRollOverlap.safeParse(values.overlap ?? "24h");
    if (!overlap.success) throw new UsageError("--overlap must be now, 1h, 24h or 7d");
    const result = await rollApiKey({
      organizationId: await organizationOfKey(values.key),
      keyId: values.key,
      overlap: overlap.data,
    });
    console.error(
      `rolled ${values.key} → ${result.key.id}; the old secret stops at ${result.previous.expiresAt}.`,
    );
    console.log(result.secret);
  },
};
