import { createHash } from "node:crypto";
import type { Requester, UpstashRequest, UpstashResponse } from "@upstash/redis";
import { type Redis, ReplyError } from "ioredis";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * @upstash/ratelimit 2.1+ starts its scripts with `#!lua flags=allow-key-locking`, a flag only
 * Upstash knows: a plain Redis refuses the script ("Unexpected flag in script shebang").
 */
export const stripShebang = (script: string) => script.replace(/^#!lua[^\n]*\n/, "");

/**
 * An @upstash/redis requester that speaks RESP to any Redis over a TCP client instead of
 * Upstash's REST API. Scripts lose their shebang line, and the EVALSHA hash the library asks
 * for (of the original text) is mapped to the hash of what was actually loaded.
 */
export function tcpRequester(client: Redis): Requester {
  const loadedHashes = new Map<string, string>();
  return {
    async request<TResult>(request: UpstashRequest): Promise<UpstashResponse<TResult>> {
      if (request.path?.length)
        throw new Error(`unsupported request path /${request.path.join("/")}`);
      const [command, ...args] = request.body as [string, ...(string | number)[]];
      const name = command.toLowerCase();
      if (name === "evalsha") args[0] = loadedHashes.get(String(args[0])) ?? String(args[0]);
      if (name === "eval") {
        const script = String(args[0]);
        const stripped = stripShebang(script);
        loadedHashes.set(sha1(script), sha1(stripped));
        args[0] = stripped;
      }
      try {
        return { result: (await client.call(command, ...args)) as TResult };
      } catch (error) {
        // A Redis reply error (NOSCRIPT, WRONGTYPE…) is the command's answer; anything else
        // (connection closed, offline) is thrown so that the caller falls back.
        if (error instanceof ReplyError) return { error: (error as Error).message };
        throw error;
      }
    },
  };
}
