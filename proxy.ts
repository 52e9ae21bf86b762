import { type NextRequest, NextResponse } from "next/server";

/**
 * Console requests carry their own path and query to the console layout, which sends a
 * signed-out visitor to sign in and back to exactly the page asked for (a layout is not told
 * the page's path). Set here, so a client cannot supply it.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-console-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: "/console/:path*" };
