/** A LIKE pattern matching text that contains `text` as it is (`%`, `_` and `\` literal). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
