import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/auth-context";
import type { Environment } from "@/lib/environment";
import type { Operation } from "@/lib/http/operation";
import type { SerializedJson } from "@/lib/http/serialized-json";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RequestContext<Op extends Operation> = {
  request: Request;
  requestId: string;
  environment: Environment;
  origin: string;
  auth: Op["scope"] extends null ? AuthContext | undefined : AuthContext;
  params: Infer<Op["params"]>;
  query: Infer<Op["query"]>;
  body: Infer<Op["body"]>;
};

export type OperationHandler<Op extends Operation> = (
  context: RequestContext<Op>,
) => Promise<z.input<Op["response"]> | SerializedJson<z.input<Op["response"]>> | Response>;
