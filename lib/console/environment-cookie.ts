/** Remembers the environment last viewed, so that /console returns to it. The URL decides. */
export const ENVIRONMENT_COOKIE = "console-environment";
