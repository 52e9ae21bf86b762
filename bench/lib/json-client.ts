import { Agent, request } from "node:http";

/**
 * A lean HTTP/1.1 JSON client for load generators: node:http over kept-alive connections. The
 * load generator shares this machine's two cores with the server and PostgreSQL, and `fetch`
 * spends several times the CPU per request; what the benchmark spends is taken from what it
 * measures.
 */
export function jsonClient(base: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return <T>(method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; json: T }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            ...headers,
            ...(payload === undefined
              ? {}
              : {
                  "content-type": "application/json",
                  "content-length": Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, json: (text ? JSON.parse(text) : null) as T });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
}
