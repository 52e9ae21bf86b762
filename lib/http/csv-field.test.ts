import { describe, expect, test } from "vitest";
import { csvField } from "./csv-field";

describe("csvField", () => {
  test("plain text stays as it is; null is empty", () => {
    expect(csvField("keys.create")).toBe("keys.create");
    expect(csvField("ann@example.com")).toBe("ann@example.com");
    expect(csvField(null)).toBe("");
  });
  test("a comma, quote or line break is quoted, quotes doubled (RFC 4180)", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });
  test("text a spreadsheet would run as a formula gets a leading quote", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
  });
});
