import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// GET/POST/PUT /api/inngest - the Inngest functions, called by Inngest or the embedded runner (signed either way)
export const { GET, POST, PUT } = serve({ client: inngest, functions });
