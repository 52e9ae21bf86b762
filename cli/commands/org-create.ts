import { type Command, Option } from "commander";
import { createOrganization } from "@/lib/orgs/create-organization";
import { planTiers, type TPlanTier } from "@/lib/orgs/plans";
import { printJson, wantsJson } from "../output";

export const orgCreate = (org: Command) =>
  org
    .command("create")
    .description("create an organization")
    .requiredOption("--name <name>", "the organization's name")
    .addOption(new Option("--plan <plan>", "its plan").choices(planTiers).default("free"))
    .action(async (options: { name: string; plan: TPlanTier }, command: Command) => {
      const organization = await createOrganization(options);
      if (wantsJson(command)) printJson(organization);
      else console.log(`${organization.id}\t${organization.name}\t${organization.plan}`);
    });
