import { describe, expect, test } from "vitest";
import { createLogger } from "./logger";

const captured = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
};

describe("logger", () => {
  test("one JSON object per line with the level's name and an ISO time", () => {
    const { logger, lines } = captured();
    logger.info({ kind: "request", requestId: "req-1" }, "request");
    expect(lines).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        service: "agent-settlement-service",
        kind: "request",
        requestId: "req-1",
        msg: "request",
      },
    ]);
  });

  test("secrets are redacted wherever a logged object carries them, up to four levels deep", () => {
    const { logger, lines } = captured();
    const error = Object.assign(new Error("refused"), {
      authorization: "Bearer sk_test_leak",
      request: { headers: { authorization: "Bearer sk_test_deep" } },
    });
    logger.error(
      {
        secret: "whsec_top",
        body: { password: "hunter2", token: "eyJ.leak", apiKey: "sk_live_leak" },
        endpoint: { config: { signingSecret: "whsec_nested" } },
        err: error,
      },
      "failed",
    );
    const text = JSON.stringify(lines);
    for (const leaked of [
      "whsec_top",
      "hunter2",
      "eyJ.leak",
      "sk_live_leak",
      "whsec_nested",
      "sk_test_leak",
      "sk_test_deep",
    ])
      expect(text).not.toContain(leaked);
    expect(lines[0]).toMatchObject({
      secret: "[redacted]",
      body: { password: "[redacted]", token: "[redacted]", apiKey: "[redacted]" },
      endpoint: { config: { signingSecret: "[redacted]" } },
      err: { message: "refused", authorization: "[redacted]" },
    });
  });
});
