import { expect, inject, test } from "vitest";

test("/api/ready names the database it checked: PostgreSQL, or the embedded PGlite", async () => {
  const response = await fetch(`${inject("baseUrl")}/api/ready`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { checks: { name: string; detail: string }[] };
  expect(body.checks.find((check) => check.name === "database")).toEqual({
    name: "database",
    ok: true,
    detail: inject("databaseEmbedded")
      ? "The embedded database (PGlite) answers"
      : "PostgreSQL answers",
  });
});
