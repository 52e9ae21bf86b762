/**
 * The small part of Inngest's expression language the embedded runner evaluates: a path into
 * an event (`event.data.settlementId`) and equalities between the run's event and an incoming
 * one (`async.data.id == event.data.id`, joined by `&&`). Anything else is refused at start-up.
 */
export type TEventPath = string[];
export type TCancelMatch = { runEventPath: TEventPath; incomingPath: TEventPath }[];

const segment = "[A-Za-z_][A-Za-z0-9_]*";
const eventPathPattern = new RegExp(`^event\\.(data(?:\\.${segment})+)$`);
const sidePattern = new RegExp(`^(event|async)\\.(data(?:\\.${segment})+)$`);

/** `event.data.a.b` → `["data", "a", "b"]`, or undefined when it is not such a path. */
export function parseEventPath(expression: string): TEventPath | undefined {
  const match = eventPathPattern.exec(expression.trim());
  return match?.[1]?.split(".");
}

/** `async.data.x == event.data.y && …` → the pairs to compare, or undefined if unsupported. */
export function parseCancelExpression(expression: string): TCancelMatch | undefined {
  const pairs: TCancelMatch = [];
  for (const clause of expression.split("&&")) {
    const sides = clause.split("==");
    if (sides.length !== 2) return undefined;
    const [left, right] = sides.map((side) => sidePattern.exec(side.trim()));
    if (!left || !right || left[1] === right[1]) return undefined;
    const [own, incoming] = left[1] === "event" ? [left, right] : [right, left];
    pairs.push({
      runEventPath: (own[2] as string).split("."),
      incomingPath: (incoming[2] as string).split("."),
    });
  }
  return pairs.length > 0 ? pairs : undefined;
}

/** The value at `path` in an event, or undefined. */
export function valueAt(event: Record<string, unknown>, path: TEventPath): unknown {
  let value: unknown = event;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
