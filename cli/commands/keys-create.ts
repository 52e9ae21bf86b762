import { parseArgs } from "node:util";
import { allScopes, isScope, type TScope } from "@/lib/auth/scopes";
import { environments, type TEnvironment } from "@/lib/environment";
import { createApiKey } from "@/lib/keys/create-key";
import { type TCliCommand, UsageError } from "../command";

function parseScopes(value: string | undefined): TScope[] {
  if (!value || value === "all") return [...allScopes];
  const scopes = value.split(",").map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw new UsageError(`unknown scopes: ${unknown.join(", ")}`);
  return scopes as TScope[];
}

export const keysCreate: TCliCommand = {
  path: ["keys", "create"],
  usage: "keys create --org <id> --env sandbox|production [--scopes all|a,b] [--name n]",
  summary: "create an API key and print its secret",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        org: { type: "string" },
        env: { type: "string" },
        scopes: { type: "string" },
        name: { type: "string" },
      },
    });
    if (!values.org) throw new UsageError("--org is required");
    const environment = values.env as TEnvironment;
    if (!environments.includes(environment))
      throw new UsageError("--env must be sandbox or production");
    const { key, secret } = await createApiKey({
      organizationId: values.org,
      environment,
      name: values.name ?? `${environment} key`,
      scopes: parseScopes(values.scopes),
    });
    console.error(
      `created ${key.id} (${key.environment}, ${key.scopes.length} scopes); the secret is shown once:`,
    );
    console.log(secret);
  },
};
