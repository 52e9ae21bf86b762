/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading `'`, as OWASP advises for CSV exports.
 */
export function csvField(value: string | null): string {
  const text = value === null ? "" : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
