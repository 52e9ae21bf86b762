import {
  type Attributes,
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { observeStatements } from "@/db/client";
import { observabilitySettings } from "./settings";

const holder = globalThis as unknown as { __assTracing?: BasicTracerProvider };

/**
 * Registers the global tracer provider when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise every
 * span below is the API's no-op and costs next to nothing. Called once at server start.
 */
export function startTracing(): void {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME } = observabilitySettings();
  if (!endpoint || holder.__assTracing) return;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": OTEL_SERVICE_NAME }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` }),
        { scheduledDelayMillis: 1_000 },
      ),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  holder.__assTracing = provider;
  observeStatements(traceStatement);
}

/** Sends the spans still buffered (at stop). */
export async function flushTracing(): Promise<void> {
  await holder.__assTracing?.forceFlush();
}

const tracer = () => trace.getTracer("agent-settlement-service");

/** Runs `work` inside a span that ends with it, marked as an error when it throws. */
export async function traceSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: () => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The server span of one /v1 request, named by its operation; the status goes on as an attribute. */
export function traceRequest(operation: string, work: () => Promise<Response>): Promise<Response> {
  return traceSpan(operation, { kind: SpanKind.SERVER }, async () => {
    const response = await work();
    trace.getActiveSpan()?.setAttribute("http.response.status_code", response.status);
    return response;
  });
}

/** A database statement's span, as a client span carrying the statement's text. */
function traceStatement<T>(statement: string, work: () => Promise<T>): Promise<T> {
  // A statement outside any request or job (the dispatcher's polls) would be a trace of its own.
  if (!trace.getActiveSpan()) return work();
  return traceSpan(
    `db ${statement.trimStart().split(/\s/, 1)[0]?.toLowerCase() ?? "query"}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { "db.system.name": "postgresql", "db.query.text": statement.slice(0, 2_000) },
    },
    work,
  );
}

/**
 * The W3C `traceparent` of the active span, for work that runs later in another process (an
 * outbox row carries it to its job run); undefined when tracing is off.
 */
export function currentTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span || !holder.__assTracing) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`;
}

/** Runs `work` as a continuation of the trace `traceparent` names (anything else: as is). */
export function continueTrace<T>(traceparent: unknown, work: () => T): T {
  const match =
    typeof traceparent === "string"
      ? /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent)
      : null;
  if (!match || !holder.__assTracing) return work();
  const [, traceId = "", spanId = "", flags = "01"] = match;
  const parent = trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  });
  return context.with(parent, work);
}

export { SpanKind };
