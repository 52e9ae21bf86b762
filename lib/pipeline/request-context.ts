import type { z } from "zod";
import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import type { TOperation } from "@/lib/http/operation";
import type { SerializedJson } from "@/lib/http/serialized-json";

type TInfer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type TRequestContext<Op extends TOperation> = {
  request: Request;
  requestId: string;
  environment: TEnvironment;
  origin: string;
  auth: Op["scope"] extends null ? TAuthContext | undefined : TAuthContext;
  params: TInfer<Op["params"]>;
  query: TInfer<Op["query"]>;
  body: TInfer<Op["body"]>;
};

export type TOperationHandler<Op extends TOperation> = (
  context: TRequestContext<Op>,
) => Promise<z.input<Op["response"]> | SerializedJson<z.input<Op["response"]>> | Response>;
