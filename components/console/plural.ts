const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

/** A count with its noun in the form English wants: "1 agent", "2 agents", "0 agents". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${rules.select(count) === "one" ? one : other}`;
}
