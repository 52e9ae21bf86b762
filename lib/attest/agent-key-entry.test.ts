import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { agentKeyEntryText, readAgentKeyEntry } from "./agent-key-entry";

const entry = {
  action: "add" as const,
  agentId: "agent-3kD9wQ1mZ7pV2sYc",
  keyId: "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
  publicJwk: {
    kty: "OKP" as const,
    crv: "Ed25519" as const,
    x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
  },
  at: "2026-11-29T02:10:00.000Z",
};
const agentHash = `0x${createHash("sha256").update(entry.agentId).digest("hex")}`;

describe("agent key entries", () => {
  test("are the type line and the RFC 8785 JSON, naming the agent by the SHA-256 of its id", () => {
    const text = agentKeyEntryText(entry);
    expect(text).toBe(
      `agent-key/v1\n{"action":"add","agentHash":"${agentHash}","at":"2026-11-29T02:10:00.000Z","keyId":"${entry.keyId}","publicJwk":{"crv":"Ed25519","kty":"OKP","x":"${entry.publicJwk.x}"}}`,
    );
    expect(readAgentKeyEntry(text)).toEqual({
      action: "add",
      agentHash,
      keyId: entry.keyId,
      publicJwk: entry.publicJwk,
      at: entry.at,
    });
  });

  test("read back only exactly as written: another type, a spacing or a member more is not one", () => {
    const text = agentKeyEntryText(entry);
    const json = text.slice("agent-key/v1\n".length);
    for (const other of [
      `agent-key/v2\n${json}`,
      `agent-key/v1\n${JSON.stringify(JSON.parse(json), null, 1)}`,
      `agent-key/v1\n${json.slice(0, -1)},"extra":1}`,
      `agent-key/v1\n${json.replace('"add"', '"rotate"')}`,
      `agent-key/v1\n${json.slice(1)}`,
      json,
    ]) {
      expect(readAgentKeyEntry(other), other).toBeNull();
    }
  });
});
