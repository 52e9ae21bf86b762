import { ConfigError, config } from "@/config";

/**
 * Reads the configuration before any other module loads, so that a bad value stops the start
 * with one message naming every bad variable instead of failing later in whichever code reads it.
 */
export function checkConfigOrExit(): void {
  try {
    config();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
