import { InvalidArgumentError } from "commander";

/** An option argument that must be an absolute URL. */
export function parseUrl(value: string): string {
  if (!URL.canParse(value)) throw new InvalidArgumentError("not a URL");
  return value;
}
