import { z } from "zod";
import { type TAgentPublicJwk, ZAgentPublicJwk } from "./agent-public-key";
import { utf8ToBytes } from "./bytes";
import { canonicalJson } from "./canonical";
import { sha256Hex } from "./hash";
import { ZHashHex, ZTimestamp } from "./schemas";

/**
 * The first line of an agent key entry in the log. A receipt's entry is the 32 bytes of its
 * attestHash; every other entry is UTF-8 text whose first line names its type.
 */
const AGENT_KEY_ENTRY_TYPE = "agent-key/v1";

const agentKeyActions = ["add", "revoke"] as const;
type TAgentKeyAction = (typeof agentKeyActions)[number];

/**
 * What an agent key entry records. The agent is named by `SHA-256(agentId)` so that the public
 * log does not list agent ids; anyone who knows an agent (its owner, a party to its deals)
 * finds its entries.
 */
export const ZAgentKeyEntry = z.strictObject({
  action: z.enum(agentKeyActions),
  agentHash: ZHashHex,
  keyId: z.string().min(1).max(100),
  publicJwk: ZAgentPublicJwk,
  at: ZTimestamp,
});
export type TAgentKeyEntry = z.infer<typeof ZAgentKeyEntry>;

/** The bytes a text entry (every entry but a receipt's) appends to the log: its UTF-8. */
export const textLogEntry = (text: string): Uint8Array => utf8ToBytes(text);

/** How an agent is named in the log: `0x` + hex SHA-256 of its id's UTF-8 bytes. */
export const agentHashOf = (agentId: string): string => sha256Hex(agentId);

/** The entry's text as logged: the type line, then the RFC 8785 JSON of the entry. */
export const agentKeyEntryText = (entry: {
  action: TAgentKeyAction;
  agentId: string;
  keyId: string;
  publicJwk: TAgentPublicJwk;
  at: string;
}): string =>
  `${AGENT_KEY_ENTRY_TYPE}\n${canonicalJson({
    action: entry.action,
    agentHash: agentHashOf(entry.agentId),
    keyId: entry.keyId,
    publicJwk: entry.publicJwk,
    at: entry.at,
  })}`;

/**
 * The entry a log entry's text holds, or null when it is not exactly an agent key entry as
 * agentKeyEntryText writes it (another type, unreadable, or not canonical).
 */
export const readAgentKeyEntry = (text: string): TAgentKeyEntry | null => {
  const prefix = `${AGENT_KEY_ENTRY_TYPE}\n`;
  if (!text.startsWith(prefix)) return null;
  let json: unknown;
  try {
    json = JSON.parse(text.slice(prefix.length));
  } catch {
    return null;
  }
  const parsed = ZAgentKeyEntry.safeParse(json);
  if (!parsed.success || `${prefix}${canonicalJson(parsed.data)}` !== text) return null;
  return parsed.data;
};
