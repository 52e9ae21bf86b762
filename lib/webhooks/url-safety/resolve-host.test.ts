import { createSocket, type Socket } from "node:dgram";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { dnsResolver } from "./resolve-host";

const A = 1;
const AAAA = 28;

/** The query type of a DNS query: the two bytes after its question's name. */
function queryType(query: Buffer): number {
  let offset = 12;
  while (query[offset]! !== 0) offset += query[offset]! + 1;
  return query.readUInt16BE(offset + 1);
}

/** A reply to `query` that holds `address` for an A question, and no answer otherwise. */
function reply(query: Buffer, address: string): Buffer {
  const question = query.subarray(12);
  const header = Buffer.from(query.subarray(0, 12));
  const answered = queryType(query) === A;
  header.writeUInt16BE(0x8180, 2); // a response, recursion desired and available, no error
  header.writeUInt16BE(answered ? 1 : 0, 6);
  if (!answered) return Buffer.concat([header, question]);
  const record = Buffer.from([0xc0, 12, 0, A, 0, 1, 0, 0, 0, 60, 0, 4]);
  return Buffer.concat([header, question, record, Buffer.from(address.split(".").map(Number))]);
}

const servers: Socket[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A DNS server on 127.0.0.1 that records every query and answers it with `answer`, if any. */
async function dnsServer(answer?: (query: Buffer) => Buffer) {
  const server = createSocket("udp4");
  servers.push(server);
  const queries: number[] = [];
  server.on("message", (query, peer) => {
    queries.push(queryType(query));
    if (answer) server.send(answer(query), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => server.bind(0, "127.0.0.1", resolve));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, queries };
}

describe("dnsResolver", () => {
  it("asks DNS for A and AAAA (no getaddrinfo) and returns every address", async () => {
    const server = await dnsServer((query) => reply(query, "93.184.216.34"));
    const resolve = dnsResolver({ timeoutMs: 2_000, servers: [server.address] });
    expect(await resolve("hooks.test")).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(server.queries.sort()).toEqual([A, AAAA]);
  });

  it("gives up within its deadline when the DNS server never answers", async () => {
    const server = await dnsServer();
    const resolve = dnsResolver({ timeoutMs: 600, servers: [server.address] });
    const started = performance.now();
    await expect(resolve("hooks.test")).rejects.toMatchObject({ code: "ETIMEOUT" });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(server.queries).toContain(A);
  });

  it("looks a name DNS does not know up in the system's own sources (/etc/hosts: localhost)", async () => {
    const resolve = dnsResolver({ timeoutMs: 2_000 });
    expect(await resolve("localhost")).toContainEqual({ address: "127.0.0.1", family: 4 });
  });
});
