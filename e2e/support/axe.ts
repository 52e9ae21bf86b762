import { mkdir, writeFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type TViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const blockingImpacts = new Set(["serious", "critical"]);

function describeViolation(violation: TViolation): string {
  const nodes = violation.nodes.map(
    (node) => `  ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ")}`,
  );
  return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join("\n");
}

/**
 * Runs axe on the page as it is, keeps every violation found in e2e-artifacts/accessibility/ and
 * fails on a serious or critical one, naming its rule and the elements.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  await mkdir("e2e-artifacts/accessibility", { recursive: true });
  await writeFile(
    `e2e-artifacts/accessibility/${name}.json`,
    JSON.stringify(
      violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(" ")),
      })),
      null,
      2,
    ),
  );
  const blocking = violations.filter((violation) => blockingImpacts.has(violation.impact ?? ""));
  expect(blocking.map(describeViolation).join("\n\n"), "serious or critical axe violations").toBe(
    "",
  );
}
