import { readFile } from "node:fs/promises";
import path from "node:path";

/** The guides an MCP client may read and search: the API's, not the operator's. */
export const docPages = ["api-guide", "receipts", "webhooks", "x402", "mcp"] as const;

export type TDocSection = { page: string; slug: string; title: string; text: string };

/** `## Idempotency and retries` → `idempotency-and-retries`. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * A page cut at its `##` and `###` headings (not at lines of code blocks that look like them);
 * the text before the first one is its `overview`.
 */
function sectionsOf(page: string, markdown: string): TDocSection[] {
  const sections: TDocSection[] = [];
  const slugsSeen = new Map<string, number>();
  let title = "Overview";
  let lines: string[] = [];
  let inCode = false;
  const close = () => {
    const text = lines.join("\n").trim();
    if (!text) return;
    // A title a page repeats gets -2, -3…: every section keeps a URI of its own.
    const slug = slugOf(title) || "section";
    const seen = (slugsSeen.get(slug) ?? 0) + 1;
    slugsSeen.set(slug, seen);
    sections.push({ page, slug: seen === 1 ? slug : `${slug}-${seen}`, title, text });
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    const heading = inCode ? null : /^###? (.+)$/.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    close();
    title = heading[1]!.trim();
    lines = [line];
  }
  close();
  return sections;
}

// Read once per process: the docs ship beside the server (scripts/build-standalone.sh copies
// them) and never change while it runs.
let loaded: Promise<TDocSection[]> | undefined;

/** Every section of every guide, in page order. */
export function docSections(): Promise<TDocSection[]> {
  loaded ??= Promise.all(
    docPages.map(async (page) =>
      sectionsOf(page, await readFile(path.join(process.cwd(), "docs", `${page}.md`), "utf8")),
    ),
  )
    .then((pages) => pages.flat())
    .catch((error) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9][a-z0-9_-]*/g) ?? [];

/**
 * The sections that best answer `query`: each word of it counts once per occurrence in a
 * section's text and three times in its title; sections without any are left out.
 */
export function searchDocs(sections: TDocSection[], query: string, limit = 5): TDocSection[] {
  // At most 20 words: a search is a few words, and each costs a pass over every section.
  const terms = [...new Set(wordsOf(query))].filter((term) => term.length > 1).slice(0, 20);
  const scored = sections.map((section) => {
    const title = wordsOf(section.title);
    const text = wordsOf(section.text);
    const score = terms.reduce(
      (sum, term) =>
        sum +
        3 * title.filter((word) => word.startsWith(term)).length +
        text.filter((word) => word.startsWith(term)).length,
      0,
    );
    return { section, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ section }) => section);
}
