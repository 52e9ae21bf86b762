import { basePaths, type TEnvironment } from "@/lib/environment";

/** A token's `aud`: the base address of its environment, so it works at no other. */
export const tokenAudience = (origin: string, environment: TEnvironment) =>
  `${origin}${basePaths[environment]}`;
