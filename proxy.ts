import { type NextRequest, NextResponse } from "next/server";

/**
 * `/sandbox/v1/*` reaches the same route handlers as `/v1/*`. Handlers resolve the environment
 * from the URL the client called (`environmentOf`), so `/v1` requests skip the proxy entirely.
 */
export function proxy(request: NextRequest) {
  const url = request.nextUrl.clone();
  url.pathname = url.pathname.slice("/sandbox".length);
  return NextResponse.rewrite(url);
}

export const config = { matcher: ["/sandbox/v1/:path*", "/sandbox/v1"] };
