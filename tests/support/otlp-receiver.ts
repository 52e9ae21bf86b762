import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A span as OTLP/HTTP JSON carries it, with its attributes flattened to values. */
export type TReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
  attributes: Record<string, unknown>;
};

type TAnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type TKeyValue = { key: string; value: TAnyValue };
type TExport = {
  resourceSpans?: {
    resource?: { attributes?: TKeyValue[] };
    scopeSpans?: {
      spans?: (Omit<TReceivedSpan, "attributes" | "service"> & { attributes?: TKeyValue[] })[];
    }[];
  }[];
};

const plainValue = (value: TAnyValue) => value.stringValue ?? value.intValue ?? value.boolValue;
const flatten = (attributes: TKeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plainValue(value)]));

/**
 * An OTLP/HTTP trace receiver on 127.0.0.1: accepts JSON exports at /v1/traces (answers 415 to
 * anything else, so an exporter speaking protobuf is noticed) and keeps every span.
 */
export async function startOtlpReceiver() {
  const spans: TReceivedSpan[] = [];
  const refused: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url !== "/v1/traces" || !req.headers["content-type"]?.includes("json")) {
      refused.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
      res.writeHead(415).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as TExport;
    for (const resource of body.resourceSpans ?? []) {
      const service = String(flatten(resource.resource?.attributes)["service.name"]);
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          spans.push({ ...span, service, attributes: flatten(span.attributes) });
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
