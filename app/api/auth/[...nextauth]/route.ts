import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/console/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth 4.24 awaits `params` and the async `headers()`/`cookies()` of Next.js 15+.
async function auth(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, await authOptions());
}

export { auth as GET, auth as POST };
