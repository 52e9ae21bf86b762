import { parseArgs } from "node:util";
import { createOrganization } from "@/lib/orgs/create-organization";
import { planTiers, type TPlanTier } from "@/lib/orgs/plans";
import { type TCliCommand, UsageError } from "../command";

export const orgCreate: TCliCommand = {
  path: ["org", "create"],
  usage: "org create --name <name> [--plan free|pro|enterprise]",
  summary: "create an organization",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { name: { type: "string" }, plan: { type: "string" } },
    });
    if (!values.name) throw new UsageError("--name is required");
    const plan = (values.plan ?? "free") as TPlanTier;
    if (!planTiers.includes(plan))
      throw new UsageError(`--plan must be one of ${planTiers.join(", ")}`);
    const organization = await createOrganization({ name: values.name, plan });
    console.log(`${organization.id}\t${organization.name}\t${organization.plan}`);
  },
};
