export const planTiers = ["free", "pro", "enterprise"] as const;
export type TPlanTier = (typeof planTiers)[number];
