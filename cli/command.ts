export type TCliCommand = {
  path: string[];
  usage: string;
  summary: string;
  /** Offline commands run without opening any database. */
  database?: false;
  /** A number is the process exit code (e.g. 1 for an invalid receipt). */
  run: (args: string[]) => Promise<unknown>;
};

export class UsageError extends Error {}
