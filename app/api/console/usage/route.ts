import { handleConsole } from "@/lib/console/handle-console";
import { ZUsageQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { rateLimitTiers } from "@/lib/ratelimit/tiers";
import { usageByDay } from "@/lib/usage/usage-by-day";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/usage - requests, rate-limit refusals and settled volume per UTC day, and the plan's limits
  GET: handleConsole({ query: ZUsageQuery }, async ({ member, organizationId, query }) => {
    const tier = member.organization.plan;
    const usage = await usageByDay({
      tenant: { organizationId, environment: query.environment },
      days: query.days,
    });
    return { ...usage, plan: { tier, ...rateLimitTiers[tier] } };
  }),
});
