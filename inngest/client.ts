import { Inngest } from "inngest";
import { inngestFetch } from "@/lib/jobs/checkpoint-api";

/** The one Inngest client: production sends to Inngest; the embedded runner plays its part otherwise. */
export const inngest = new Inngest({ id: "agent-settlement-service", fetch: inngestFetch });
