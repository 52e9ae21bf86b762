import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";

const appDir = join(process.cwd(), "app");

/** Every route.ts under `dir`, as paths relative to app/. */
function routeFiles(dir: string): string[] {
  return readdirSync(join(appDir, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => basename(file) === "route.ts")
    .map((file) => join(dir, file))
    .sort();
}

const productionRoutes = [...routeFiles("v1"), ...routeFiles("mcp")];
const sandboxRoutes = routeFiles("sandbox");

describe("sandbox routes", () => {
  it("has one twin per production route and nothing else", () => {
    expect(productionRoutes.length).toBeGreaterThan(30);
    expect(sandboxRoutes).toEqual(productionRoutes.map((route) => `sandbox/${route}`).sort());
  });

  it.each(productionRoutes)("the sandbox twin of %s serves exactly its handlers", async (route) => {
    const production: Record<string, unknown> = await import(`@/app/${route.slice(0, -3)}`);
    const sandbox: Record<string, unknown> = await import(`@/app/sandbox/${route.slice(0, -3)}`);
    const handlers = (module: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(module).filter(([, value]) => typeof value === "function"));
    // The same function objects, not copies: a twin cannot drift from its route.
    expect(Object.keys(handlers(production)).length).toBeGreaterThan(0);
    expect(handlers(sandbox)).toStrictEqual(handlers(production));
    expect(sandbox.dynamic).toBe(production.dynamic);
  });
});
