import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A self-signed certificate for https://127.0.0.1 (fixtures/README.md) that every test server
 * trusts through NODE_EXTRA_CA_CERTS (standalone-server.ts), so tests can serve it documents
 * over https, as the open internet would (a client's OAuth metadata document).
 */
export const loopbackHttpsCertPath = path.resolve("tests/support/fixtures/loopback-https.crt");
const loopbackHttpsKeyPath = path.resolve("tests/support/fixtures/loopback-https.key");

export type TLoopbackHttps = {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** Every request's path and headers, in order. */
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  close: () => Promise<void>;
};

/** An https server on 127.0.0.1 answering with `handler`, recording what it was asked. */
export async function startLoopbackHttps(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TLoopbackHttps> {
  const requests: TLoopbackHttps["requests"] = [];
  const server = createServer(
    { cert: readFileSync(loopbackHttpsCertPath), key: readFileSync(loopbackHttpsKeyPath) },
    (req, res) => {
      requests.push({ path: req.url ?? "", headers: req.headers });
      handler(req, res);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
