import { environments, type TEnvironment } from "@/lib/environment";

const verbs: Record<string, string> = {
  POST: "create",
  PUT: "replace",
  PATCH: "update",
  DELETE: "delete",
};

/**
 * The audit action of a change nobody named, from its method and route: `POST /keys` is
 * `keys.create`, `POST /keys/:id/roll` is `keys.roll`, `DELETE /webhooks/:id` is
 * `webhooks.delete`. Segments that are route parameters are left out, so a new route is named
 * without being listed anywhere.
 */
export function derivedAuditAction({
  method,
  pathname,
  params,
}: {
  method: string;
  pathname: string;
  params: Record<string, unknown>;
}): string {
  const values = new Set(Object.values(params).map(String));
  const segments = pathname
    .replace(/^\/api\/console\/?/, "")
    .split("/")
    .filter(Boolean)
    .map(decodeURIComponent);
  const names = segments.filter((segment) => !values.has(segment));
  const last = segments.at(-1);
  // A POST that ends in a named action after a parameter (`/keys/:id/roll`) is that action.
  const endsInAction =
    method === "POST" && segments.length >= 2 && last !== undefined && !values.has(last)
      ? values.has(segments.at(-2)!)
      : false;
  return endsInAction
    ? names.join(".")
    : [...names, verbs[method] ?? method.toLowerCase()].join(".");
}

/**
 * What a change acted on: the last route parameter (`/webhooks/:id/deliveries/:deliveryId`
 * names the delivery), else the id of what it created.
 */
export function auditTargetId(params: Record<string, unknown>, result: unknown): string | null {
  const last = Object.values(params).at(-1);
  if (typeof last === "string") return last;
  return idOf(result) ?? firstNestedId(result);
}

const idOf = (value: unknown) =>
  typeof value === "object" && value !== null && "id" in value && typeof value.id === "string"
    ? value.id
    : undefined;

// Creations that answer with more than the resource, like `{ key, secret }`.
const firstNestedId = (value: unknown) =>
  typeof value === "object" && value !== null
    ? (Object.values(value).map(idOf).find(Boolean) ?? null)
    : null;

const environmentOf = (value: unknown): TEnvironment | undefined => {
  const named =
    typeof value === "object" && value !== null && "environment" in value
      ? value.environment
      : undefined;
  return (environments as readonly unknown[]).includes(named) ? (named as TEnvironment) : undefined;
};

/** The environment a change was made in, when its query or body names one. */
export function auditEnvironment(...sources: unknown[]): TEnvironment | null {
  return sources.map(environmentOf).find(Boolean) ?? null;
}

/**
 * The environment of what a change answered with, for changes addressed by id alone: a key's
 * own, or that of the key in `{ key, previous }`.
 */
export function resultEnvironment(result: unknown): TEnvironment | null {
  const nested = typeof result === "object" && result !== null ? Object.values(result) : [];
  return auditEnvironment(result, ...nested);
}
