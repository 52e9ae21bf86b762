import { type Command, InvalidArgumentError, Option } from "commander";
import { allScopes, isScope, type TScope } from "@/lib/auth/scopes";
import { environments, type TEnvironment } from "@/lib/environment";
import { createApiKey } from "@/lib/keys/create-key";
import { requireOrganization } from "../lookups";
import { printJson, wantsJson } from "../output";

function parseScopes(value: string): TScope[] {
  if (value === "all") return [...allScopes];
  const scopes = value.split(",").map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw new InvalidArgumentError(`unknown scopes: ${unknown.join(", ")}`);
  return scopes as TScope[];
}

type TOptions = { org: string; env: TEnvironment; scopes?: TScope[]; name?: string };

export const keysCreate = (keys: Command) =>
  keys
    .command("create")
    .description("create an API key and print its secret (shown once)")
    .requiredOption("--org <id>", "the organization")
    .addOption(
      new Option("--env <env>", "its environment").choices(environments).makeOptionMandatory(),
    )
    .option("--scopes <all|a,b>", "its scopes (default: all)", parseScopes)
    .option("--name <name>", "its name (default: '<env> key')")
    .action(async (options: TOptions, command: Command) => {
      await requireOrganization(options.org);
      const { key, secret } = await createApiKey({
        organizationId: options.org,
        environment: options.env,
        name: options.name ?? `${options.env} key`,
        scopes: options.scopes ?? allScopes,
      });
      if (wantsJson(command)) return printJson({ key, secret });
      console.error(
        `created ${key.id} (${key.environment}, ${key.scopes.length} scopes); the secret is shown once:`,
      );
      console.log(secret);
    });
