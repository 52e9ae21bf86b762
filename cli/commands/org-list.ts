import type { Command } from "commander";
import { listOrganizations } from "@/lib/orgs/list-organizations";
import { printJson, wantsJson } from "../output";

export const orgList = (org: Command) =>
  org
    .command("list")
    .description("list every organization, newest first: id, name, plan, created")
    .action(async (_options: object, command: Command) => {
      const organizations = await listOrganizations();
      if (wantsJson(command)) return printJson(organizations);
      for (const { id, name, plan, createdAt } of organizations)
        console.log([id, name, plan, createdAt.toISOString()].join("\t"));
    });
