import { serve } from "inngest/next";
import { inngest } from "./client";
import { functions } from "./functions";

/**
 * The app's one `serve()` handler: mounted at /api/inngest for Inngest, and called in-process by
 * the embedded runner with the same signed requests (no loopback HTTP per step).
 */
export const inngestHandler = serve({ client: inngest, functions });
