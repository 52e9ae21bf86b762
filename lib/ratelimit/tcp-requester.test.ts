import { createHash, randomUUID } from "node:crypto";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis } from "ioredis";
import { afterAll, expect, test } from "vitest";
import { stripShebang, tcpRequester } from "./tcp-requester";
import { redisUrl } from "./test-support/stores";

const client = new Redis(redisUrl);
afterAll(() => client.disconnect());

// A comment of its own makes the script (and its hash) new to this Redis.
const script = `#!lua flags=allow-key-locking
  -- ${randomUUID()}
  return {tonumber(ARGV[1]) + 1, KEYS[1]}
`;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

test("a plain Redis refuses @upstash/ratelimit's script shebang", async () => {
  await expect(client.eval(script, 1, "k", 1)).rejects.toThrow(/shebang/);
});

test("through the requester the script runs, and its EVALSHA hash maps to the loaded one", async () => {
  const redis = new UpstashRedis(tcpRequester(client));
  await expect(redis.evalsha(sha1(script), ["k"], [41])).rejects.toThrow(/NOSCRIPT/);
  expect(await redis.eval(script, ["k"], [41])).toEqual([42, "k"]);
  expect(await client.script("EXISTS", sha1(stripShebang(script)))).toEqual([1]);
  expect(await redis.evalsha(sha1(script), ["k"], [1])).toEqual([2, "k"]);
});
