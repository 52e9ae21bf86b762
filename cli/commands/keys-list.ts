import type { Command } from "commander";
import { listApiKeys } from "@/lib/keys/list-keys";
import { requireOrganization } from "../lookups";
import { printJson, wantsJson } from "../output";

export const keysList = (keys: Command) =>
  keys
    .command("list")
    .description("list an organization's keys (prefix and last four only)")
    .requiredOption("--org <id>", "the organization")
    .action(async (options: { org: string }, command: Command) => {
      await requireOrganization(options.org);
      const list = await listApiKeys({ organizationId: options.org });
      if (wantsJson(command)) return printJson(list);
      for (const key of list) {
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
    });
