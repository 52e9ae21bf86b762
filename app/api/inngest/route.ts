import { inngestHandler } from "@/inngest/handler";

// GET/POST/PUT /api/inngest - the Inngest functions, called by Inngest (signed)
export const { GET, POST, PUT } = inngestHandler;
