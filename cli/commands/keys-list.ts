import { parseArgs } from "node:util";
import { listApiKeys } from "@/lib/keys/list-keys";
import { type TCliCommand, UsageError } from "../command";

export const keysList: TCliCommand = {
  path: ["keys", "list"],
  usage: "keys list --org <id>",
  summary: "list an organization's keys (prefix and last four only)",
  async run(args) {
    const { values } = parseArgs({ args, options: { org: { type: "string" } } });
    if (!values.org) throw new UsageError("--org is required");
    for (const key of await listApiKeys({ organizationId: values.org })) {
      console.log(
        [
          key.id,
          key.environment,
          `${key.prefix}…${key.last4}`,
          key.status,
          key.expiresAt ?? "-",
          key.name,
        ].join("\t"),
      );
    }
  },
};
