import { type Command, CommanderError } from "commander";

/** Whether the operator asked for one JSON document on stdout (the program-wide --json). */
export const wantsJson = (command: Command): boolean => command.optsWithGlobals().json === true;

export const printJson = (value: unknown) => console.log(JSON.stringify(value, null, 2));

/** One `error: …` line, whatever commander or the command wrote (suggestions arrive on a second line). */
const oneLine = (message: string) =>
  `error: ${message.replace(/^error: /, "").replace(/\s*\n\s*/g, " ")}`;

/**
 * Reports a failure on stderr and answers the exit code: 2 for usage (commander's parse errors
 * and InvalidArgumentError, i.e. bad input), 1 for anything that went wrong while running.
 */
export function reportFailure(error: unknown): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return 0;
    // Commander already printed the help it shows when a command is missing.
    if (error.code !== "commander.help") console.error(oneLine(error.message));
    return 2;
  }
  console.error(oneLine(error instanceof Error ? error.message : String(error)));
  return 1;
}
